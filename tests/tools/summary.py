"""Print the test counts of both runtimes, and one closing line for CI, after `make test`.

pytest leaves a JUnit XML file and tests/mprun.py a one-line count file in build/; every step
has already failed `make test` by its exit code if anything failed, so this only reports.
"""

import os
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(ROOT, "build")


def cpython_counts():
    suite = ET.parse(os.path.join(BUILD, "pytest.xml")).getroot()
    if suite.tag == "testsuites":
        suite = suite[0]
    total = int(suite.get("tests", 0))
    failed = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
    skipped = int(suite.get("skipped", 0))
    return total - failed - skipped, failed


def micropython_counts():
    with open(os.path.join(BUILD, "micropython-count.txt")) as f:
        passed, failed = f.read().split()
    return int(passed), int(failed)


def main():
    cp, cf = cpython_counts()
    mp, mf = micropython_counts()
    print("CPython (pytest):          %d passed, %d failed" % (cp, cf))
    print("MicroPython (unix port):   %d passed, %d failed" % (mp, mf))
    print("%d passed, %d failed" % (cp + mp, cf + mf))
    return 1 if cf or mf else 0


if __name__ == "__main__":
    sys.exit(main())
