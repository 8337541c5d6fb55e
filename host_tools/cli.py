"""Command-line entry point of the host tool."""

import sys


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    print("tanturlurette host tool: no subcommands yet", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
