"""Every mistake a person can make with the `tanturlurette` command is one line on stderr and a
non-zero exit, never a traceback; and a command that only reads a database creates none (issue 16).

Every subcommand `tanturlurette --help` lists gets the mistakes its options allow (an unknown
option; a database that is missing, a folder, not SQLite, another program's; a port that is not
there; a game id the database does not hold), then each command its own: pictures of an unknown
kind or into a path that cannot be written, files that are missing or not what they should be,
game kinds a command cannot draw, bad names and settings.
"""

import contextlib
import io
import json
import os
import sqlite3
import subprocess

import pytest
from engine.play import play_out
from engine.rng import Rng
from games.bourre.bots import RandomBot
from games.bourre.rules import State as BourreState
from test_host_tools import session_game

from host_tools import ROOT
from host_tools.cli import build_parser
from host_tools.cli import main as cli
from host_tools.db import LogStore

# what a command needs besides its options to get as far as the mistake
REQUIRED = {"board": ["b.svg"], "sheet": ["s.svg"], "export": ["e.csv"], "names": ["Anne", "Bea"]}
READ_ONLY = ("verify", "replay", "stats", "sheet", "export", "board")  # and any other command that is given a --db, save log and pull
WRITERS = ("log", "pull")


def run(argv):
    """(exit code, stdout, stderr) of the command, in this process: an exception it lets out fails
    the test with its traceback."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli(argv)
        except SystemExit as stop:  # argparse's way out
            code = stop.code
    return code, out.getvalue(), err.getvalue()


def assert_one_clear_line(argv, command=None):
    """The one line of stderr, which names the command (argv[0], or the given words)."""
    code, _out, err = run(argv)
    lines = err.splitlines()
    assert code not in (0, None), (argv, code, err)
    assert len(lines) == 1 and "Traceback" not in err, (argv, err)
    command = command or argv[0]
    assert lines[0].startswith(command + ": ") or lines[0].startswith("tanturlurette " + command + ": "), (argv, err)
    return lines[0]


def subcommands():
    """{name: set of its option strings}, as `tanturlurette --help` lists them."""
    parser = build_parser()
    [choices] = [action.choices for action in parser._actions if getattr(action, "choices", None)]
    return {name: {option for action in sub._actions for option in action.option_strings}
            for name, sub in choices.items()}


@pytest.fixture()
def files(tmp_path):
    """Paths of every kind a command may be given, and a database of two games: a Tanturlurette
    and a La Bourre one."""
    db = str(tmp_path / "games.sqlite")
    store = LogStore(db)
    session, _ = session_game(seed=3)
    tant_id, _fresh = store.add_pulled_game(session.history[0], 1, "ok")
    state = BourreState({"players": 3, "deals": 3})
    play_out(state, [RandomBot()] * 3, Rng(5))
    bourre_id, _fresh = store.add_pulled_game(dict(state.record(), names=None, returns=list(state.returns()),
                                                   rounds=state.round, finished=True), 2, "ok")
    store.close()
    text = tmp_path / "notes.txt"
    text.write_text("not a database, not JSON\n")
    other = str(tmp_path / "other.sqlite")
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE songs (title TEXT)")
    con.commit()
    con.close()
    folder = tmp_path / "folder"
    folder.mkdir()
    return {"tmp": tmp_path, "db": db, "tant": tant_id, "bourre": bourre_id, "text": str(text),
            "other": other, "folder": str(folder), "missing": str(tmp_path / "missing.sqlite"),
            "port": str(tmp_path / "ttyNONE"), "under_file": str(text / "sub" / "x")}


def _with_required(name, files):
    return [os.path.join(str(files["tmp"]), word) if word.endswith((".svg", ".csv")) else word for word in REQUIRED.get(name, [])]


def test_every_subcommand_refuses_an_unknown_option_in_one_line(files):
    commands = subcommands()
    assert {"log", "pull", "replay", "verify", "stats", "board", "deploy", "state", "names", "config",
            "ports"} <= set(commands)
    for name in commands:
        line = assert_one_clear_line([name, "--no-such-option"] + _with_required(name, files))
        assert "unrecognized arguments: --no-such-option" in line and "--help" in line
    assert "invalid choice: 'no-such-command'" in assert_one_clear_line(["no-such-command"], "tanturlurette")
    assert "required: command" in assert_one_clear_line([], "tanturlurette")


def test_every_database_mistake_is_one_line_and_creates_nothing(files):
    for name, options in subcommands().items():
        if "--db" not in options:
            continue
        extra = _with_required(name, files)
        if name in WRITERS:  # a port that is not there stops them before they make any file
            line = assert_one_clear_line([name, "--db", files["missing"], "--port", files["port"]] + extra)
            assert files["port"] in line
            assert not os.path.exists(files["missing"]), name
            continue
        line = assert_one_clear_line([name, "--db", files["missing"]] + extra)
        assert "no database at %s" % files["missing"] in line
        assert not [f for f in os.listdir(files["tmp"]) if f.startswith("missing")], name  # nor -wal, -shm
        for path, words in ((files["text"], "is not a database"), (files["folder"], "is a folder"),
                            (files["other"], "not one of tanturlurette's")):
            line = assert_one_clear_line([name, "--db", path] + extra)
            assert words in line, (name, line)


def test_writers_say_a_database_they_cannot_make_or_use_in_one_line(files):
    master, slave = os.openpty()  # a port that opens: the database is the mistake
    port = os.ttyname(slave)
    try:
        for name in WRITERS:
            for path in (files["under_file"], files["text"], files["folder"], files["other"]):
                assert_one_clear_line([name, "--port", port, "--db", path])
        con = sqlite3.connect(files["other"])  # another program's database got none of this tool's tables
        assert [row[0] for row in con.execute("SELECT name FROM sqlite_master")] == ["songs"]
        con.close()
        assert_one_clear_line(["log", "--port", port, "--db", str(files["tmp"] / "new.sqlite"),
                               "--jsonl", files["under_file"]])
    finally:
        os.close(master)
        os.close(slave)


def test_every_port_mistake_is_one_line(files):
    for name, options in subcommands().items():
        if "--port" not in options:
            continue
        line = assert_one_clear_line([name, "--port", files["port"], "--db" if "--db" in options else "--port",
                                      str(files["tmp"] / "p.sqlite") if "--db" in options else files["port"]]
                                     + _with_required(name, files))
        assert files["port"] in line, (name, line)
    assert not os.path.exists(str(files["tmp"] / "p.sqlite"))


def test_every_unknown_game_id_is_one_line(files):
    for name, options in subcommands().items():
        if "--game" not in options or "--db" not in options:
            continue
        line = assert_one_clear_line([name, "--db", files["db"], "--game", "99"] + _with_required(name, files))
        assert "99" in line, (name, line)


def test_pictures_of_an_unknown_kind_or_into_a_path_that_cannot_be_written(files):
    db = files["db"]
    for out in ("x.jpg", "x.gif", "x"):
        line = assert_one_clear_line(["board", "--db", db, "--game", str(files["tant"]), str(files["tmp"] / out)])
        assert ".svg" in line and ".png" in line
    assert_one_clear_line(["board", "--db", db, "--game", str(files["tant"]), files["under_file"] + ".png"])
    assert_one_clear_line(["stats", "--db", db, "--plots", files["under_file"]])
    assert_one_clear_line(["stats", "--db", db, "--plots", files["text"]])


def test_files_that_are_not_there_or_not_what_they_should_be(files):
    out = str(files["tmp"] / "b.svg")
    for record in (files["missing"], files["text"], files["folder"]):
        assert_one_clear_line(["board", "--record", record, out])
    unknown = files["tmp"] / "belote.json"
    unknown.write_text(json.dumps({"v": 1, "game": "belote", "options": {}, "moves": []}))
    line = assert_one_clear_line(["board", "--record", str(unknown), out])
    assert "belote" in line
    for name in ("verify", "replay"):
        for events in (files["missing"], files["folder"]):
            assert assert_one_clear_line([name, "--jsonl", events]).startswith("%s: cannot read" % name)
        empty = files["tmp"] / "empty.jsonl"
        empty.write_text("")
        assert "no game" in assert_one_clear_line([name, "--jsonl", str(empty)])
    for config in (files["missing"], files["text"]):
        assert_one_clear_line(["deploy", "--dry-run", "--config", config])
    assert "unknown game belote" in assert_one_clear_line(["deploy", "--dry-run", "--games", "belote"])
    assert "unknown board" in assert_one_clear_line(["deploy", "--dry-run", "--board", "esp32-cam"])


def test_a_game_of_a_kind_a_command_cannot_draw_is_one_line(files):
    out = str(files["tmp"] / "bourre.svg")
    code, _out, err = run(["board", "--db", files["db"], "--game", str(files["bourre"]), out])
    assert "Traceback" not in err
    if code:  # a La Bourre picture may come: if not, one line says why
        assert len(err.splitlines()) == 1 and err.startswith("board: ")
    else:
        assert os.path.exists(out)
    code, _out, err = run(["stats", "--db", files["db"], "--plots", str(files["tmp"] / "plots")])
    assert "Traceback" not in err and (code == 0 or len(err.splitlines()) == 1)


def test_bad_values_of_options_and_arguments(files):
    for argv in (["log", "--games", "x"], ["log", "--games", "0"], ["log", "--duration", "soon"], ["pull", "latest"],
                 ["verify", "--game", "one"], ["board", "--size", "big", "b.svg"], ["board"],
                 ["names"], ["log", "--names", "Anne,B\x1bea", "--port", files["port"]],
                 ["names", "--port", files["port"], "x" * 17], ["config", "--port", files["port"], "brightness"]):
        assert_one_clear_line(argv)


def test_the_installed_command_prints_one_line_and_no_traceback(files, tmp_path):
    exe = os.path.join(ROOT, ".venv", "bin", "tanturlurette")
    if not os.path.exists(exe):
        pytest.skip("needs `make` to have installed the command")
    for argv in (["verify", "--db", files["missing"]], ["board", "--db", files["db"], str(tmp_path / "x.jpg")],
                 ["log", "--port", files["port"], "--db", str(tmp_path / "log.sqlite")],
                 ["replay", "--db", files["text"]], ["stats", "--db", files["db"], "--game", "99"]):
        result = subprocess.run([exe] + argv, capture_output=True, text=True, timeout=120)
        assert result.returncode == 1, (argv, result.stderr)
        assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr, (argv, result.stderr)
    assert not os.path.exists(files["missing"]) and not os.path.exists(str(tmp_path / "log.sqlite"))
