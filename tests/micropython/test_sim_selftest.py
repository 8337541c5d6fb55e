"""The simulator's --selftest flag, and scripted runs that never start the self-test by themselves."""

import json
import os

import app_rig  # noqa: F401  (puts firmware/ on sys.path, where the sim package lives)
from sim import run as sim_run
from test_app_setup import scratch


def run_script(folder, script, *flags):
    path = folder + "/script.txt"
    out = folder + "/out.jsonl"
    with open(path, "w") as f:
        f.write(script)
    argv = ["--script", path, "--out", out, "--seed", "3", "--tail", "500"] + list(flags)
    assert sim_run.main(argv) == 0
    items = []
    with open(out) as f:
        for line in f:
            if line.strip():
                item = json.loads(line)
                if "frame" not in item:
                    items.append(item)
    return items


def events(items, kind):
    return [item["payload"] for item in items if item.get("event") == kind]


def texts(items):
    return [item["text"] for item in items if "text" in item]


# KEEP, SWAP and OK after the 18-step ring sweep (6.3 s), then a long OK to leave
PASSING = """
6500 KEEP down
6580 KEEP up
6700 SWAP down
6780 SWAP up
6900 OK down
6980 OK up
7200 OK down
8200 OK up
"""


def test_parse_args_takes_selftest_as_a_flag():
    opts = sim_run.parse_args(["--selftest", "--lang", "en"])
    assert opts["selftest"] is True and opts["lang"] == "en"
    assert sim_run.parse_args([])["selftest"] is False


def test_selftest_flag_starts_the_self_test_and_ends_in_the_menu():
    items = run_script(scratch("sim_flag"), PASSING, "--selftest", "--lang", "en")
    shown = texts(items)
    assert shown[0][0] == "SELF-TEST", shown[0]
    assert "Ring 6/6 blue" in [t[1] for t in shown]
    assert events(items, "selftest") == [
        {"passed": True, "buttons": ["KEEP", "SWAP", "OK"], "rings": 6, "sweep_done": True}]
    assert shown[-1][0] == "> Play", shown[-1]


def test_a_scripted_run_on_a_new_store_starts_in_the_menu_and_writes_no_marker():
    folder = scratch("sim_store")
    items = run_script(folder, "100 OK down\n180 OK up\n", "--store", folder)
    assert events(items, "selftest") == []
    assert events(items, "game"), "OK on Play started a game"
    assert "selftest.json" not in os.listdir(folder)


def test_selftest_flag_with_a_store_notes_the_self_test_beside_the_saves():
    folder = scratch("sim_marker")
    items = run_script(folder, PASSING, "--selftest", "--store", folder)
    assert events(items, "selftest")[0]["passed"] is True
    names = os.listdir(folder)
    assert "selftest.json" in names, names
