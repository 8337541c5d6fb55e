"""Command-line entry point of the host tool: `tanturlurette <command> [options]`.

  log      follow the device: every event to JSON lines and SQLite, with a live view
  pull     copy finished games from the device's history into the database
  replay   step through a stored game move by move with the engine
  verify   rebuild games with the engine and report the first divergence
  stats    per game kind, each player's figures by name, and PNG plots
  sheet    the score sheet of one game, as a PNG, SVG or PDF
  export   the games and their deals as CSV for a spreadsheet
  board    draw a game state as an SVG or PNG picture of the target
  deploy   compile and copy the firmware to a board (--dry-run lists the steps)
  state    print the device's current game
  names    give the players' names to the current or next game
  config   print the device's config, or change it (KEY=VALUE ...)
  repl     have the board leave its game and free the REPL, for mpremote
  ports    list the serial ports and which look like an ESP32

Every command takes --lang fr or en: the language of what it prints for a person, by default the
one the device was set to where the command knows it (the events it read, the device it asks),
else the locale's (host_tools.lang).

Every mistake (a bad argument, path, port, database or game) is one line on stderr, naming the
command, and a non-zero exit: 2 for a command line that does not parse, 1 for the rest; never a
traceback (TANTURLURETTE_DEBUG=1 shows one for an error no command expected). Only `log` and
`pull` create a database; the commands that read one refuse a file that is missing, not SQLite,
or not this tool's (host_tools.db).
"""

import argparse
import json
import os
import sys
import time

DEFAULT_HOME = os.environ.get("TANTURLURETTE_HOME") or os.path.join(
    os.path.expanduser("~"), ".local", "share", "tanturlurette")


def _db_default():
    return os.path.join(DEFAULT_HOME, "games.sqlite")


def _jsonl_default():
    return os.path.join(DEFAULT_HOME, "events.jsonl")


class CliError(Exception):
    """A mistake the command reports in one line (main prints it after the command's name)."""


class _Parser(argparse.ArgumentParser):
    """argparse, with a command line that does not parse said in one line, as every mistake is."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.commands = {}  # the top parser's: name -> the command's parser

    def error(self, message):
        self.exit(2, "%s: %s (%s --help lists the options)\n" % (self.prog, message, self.prog))


def _lang(args, device_lang=None):
    """The command's language: --lang, else the device's (device_lang, where the command knows
    it), else the locale's (host_tools.lang.choose)."""
    from host_tools.lang import choose

    return choose(getattr(args, "lang", None), device_lang)


def _words(args, area, device_lang=None):
    """The message table of an area in the command's language (_lang)."""
    from host_tools.lang import Messages

    return Messages(_lang(args, device_lang), area)


def _store(args, jsonl=False, write=False):
    """The database of --db: write=True for the commands that log into it (they may create it),
    else it must be there, and nothing is created (db.StoreError says what is wrong)."""
    from host_tools.db import LogStore

    return LogStore(args.db, args.jsonl if jsonl else None, write=write, lang=_lang(args))


def _events_from_jsonl(path, m):
    """The events of a JSON-lines log, each checked as a line from the device is; a line that is
    not one is said on stderr (m: the cli area's words) and skipped."""
    from host_tools.schema import check_event
    from host_tools.view import shown

    events = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, text in enumerate(f, 1):
            if not text.strip():
                continue
            try:
                entry = json.loads(text)
                if isinstance(entry, dict):
                    entry.pop("received", None)  # the host's own field: when the line arrived
                event, _dropped = check_event(entry)
            except (ValueError, RecursionError) as err:  # not JSON, or not an event (BadEvent)
                print(m("line_skipped", path=shown(path), number=number, why=shown(err)), file=sys.stderr)
                continue
            events.append(event)
    return events


def _games_to_check(args):
    """(games, the device's language or None) for verify and replay: games are (label, record,
    checkpoints or None, stored returns or None); a game from the database carries its stored
    verdict (record["verified"]). --game picks one (a database id, or with --jsonl the N-th game
    of the file); CliError when there is none. Labels and mistakes are in the command's language,
    the device's where the events say it."""
    from host_tools.lang import device_language
    from host_tools.replay import games_from_events

    if args.jsonl_in:
        try:
            events = _events_from_jsonl(args.jsonl_in, _words(args, "cli"))
        except OSError as err:
            raise CliError(_words(args, "cli")("cannot_read", path=args.jsonl_in, why=err.strerror)) from None
        device_lang = device_language(events)
        m, said = _words(args, "replay", device_lang), _words(args, "cli", device_lang)
        found = [(m("logged_game", number=i), tracker.record(), checks, None)
                 for i, (tracker, checks) in enumerate(games_from_events(events), 1)]
        where = args.jsonl_in
        if args.game is not None:
            if not 1 <= args.game <= len(found):
                raise CliError(said("no_game_numbered", game=args.game, where=where, held=_count(said, len(found))))
            found = [found[args.game - 1]]
    else:
        store = _store(args)
        try:
            games = store.games()
            device_lang = device_language(store.language_events())
        finally:
            store.close()
        m, said = _words(args, "replay", device_lang), _words(args, "cli", device_lang)
        where = args.db
        found = [(m("stored_game", id=game["id"], source=m("source " + game["source"])
                    if "source " + game["source"] in m.table else game["source"]), game, None, game["returns"])
                 for game in games if args.game is None or game["id"] == args.game]
        if args.game is not None and not found:
            raise CliError(said("no_game_numbered", game=args.game, where=where, held=_ids_held(said, games)))
    if not found:
        raise CliError(said("no_game_in", where=where))
    return found, device_lang


def _count(m, n):
    """How many games an event file holds, in m's words (the cli area)."""
    if n <= 1:
        return m("file_holds_one" if n else "file_holds_none")
    return m("file_holds_many", count=n)


def _ids_held(m, games):
    """The ids of the stored games, in a few words (m: the cli area's)."""
    ids = [game["id"] for game in games]
    if not ids:
        return m("db_holds_none")
    if len(ids) == 1:
        return m("db_holds_one", id=ids[0])
    return m("db_holds_many", ids=", ".join(map(str, ids)) if len(ids) <= 6 else
             m("span", first=ids[0], last=ids[-1]))


def _numbers_in_words(indexes, m=None):
    """[3, 4, 5, 9] -> "3 to 5, 9" (m: an area with a "span" message; English without one)."""
    spans = []
    for i in indexes:
        if spans and spans[-1][1] == i - 1:
            spans[-1][1] = i
        else:
            spans.append([i, i])
    span = (lambda a, b: m("span", first=a, last=b)) if m is not None else (lambda a, b: "%d to %d" % (a, b))
    return ", ".join("%d" % a if a == b else span(a, b) for a, b in spans)


# -- commands -----------------------------------------------------------------------------------
def _names_refused(names):
    """The device's own check of names (proto.names), run here first: None, or its message."""
    from proto.names import CommandError, check_names

    try:
        check_names(names)
    except CommandError as err:
        return err.message
    return None


def cmd_log(args):
    from host_tools.device import find_port, open_serial
    from host_tools.logger import Logger

    names = args.names.split(",") if args.names else None
    refused = names and _names_refused(names)
    if refused:
        print("log: %s" % refused, file=sys.stderr)
        return 2
    # the first connection says what is wrong with the port at once, before any file is made;
    # after it the logger waits for the device to come back, however long it is unplugged
    port = args.port or find_port()
    ser = open_serial(port)
    try:
        store = _store(args, jsonl=True, write=True)
    except Exception:
        ser.close()
        raise
    logger = Logger(store, live=not args.no_live, names=names, lang=args.lang)
    deadline = time.monotonic() + args.duration if args.duration else None

    def stop():
        if deadline is not None and time.monotonic() > deadline:
            return True
        return args.games is not None and len(logger.finished) >= args.games

    try:
        logger.run(args.port, stop, set_clock=not args.no_clock, opened=(port, ser))
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
    words = _words(args, "cli", logger.m.lang)
    if logger.writes.waiting:  # stopped while another program held the database
        print(words("not_written", count=len(logger.writes.waiting), db=args.db, jsonl=args.jsonl),
              file=sys.stderr)
    print(words("logged", count=len(logger.finished), db=args.db))
    return 0


def cmd_pull(args):
    """Each game is pulled on its own: one the device cannot send, or whose answer does not fit the
    protocol, is said and skipped, and the others are pulled."""
    from host_tools.device import Device, DeviceError, find_port, open_serial
    from host_tools.replay import verify
    from host_tools.view import shown

    ser = open_serial(args.port or find_port())  # a port that is not there creates no database
    try:
        store = _store(args, write=True)
    except Exception:
        ser.close()
        raise
    not_pulled = 0
    try:
        device = Device(ser, on_event=store.add_event, on_skip=store.add_skipped)
        try:
            device.hello()
            listing = device.list_games()
            on_device = [entry["id"] for entry in listing]
            absent = [game_id for game_id in args.ids if game_id not in on_device]
            if absent:
                raise CliError("no game %s on the device (%s)" % (
                    ", ".join(map(str, absent)), "its games are " + _numbers_in_words(sorted(on_device))
                    if on_device else "it holds none"))
            new = 0
            for entry in listing:
                game_id = entry["id"]
                if args.ids and game_id not in args.ids:
                    continue
                if "error" in entry:
                    print("device game %d is damaged on the device: %s" % (game_id, shown(entry["error"])))
                    continue
                try:
                    record = device.pull_game(game_id)
                except DeviceError as err:
                    not_pulled += 1
                    print("device game %d not pulled: %s" % (game_id, shown(err)), file=sys.stderr)
                    continue
                state, divergence = verify(record, returns=record.get("returns"))
                verdict = "ok" if divergence is None else str(divergence)
                if divergence is None and state.is_over():  # the engine's account, which the device's agrees with
                    record = dict(record, returns=list(state.returns()), rounds=state.round)
                row, fresh = store.add_pulled_game(record, game_id, verdict)
                new += fresh
                print("device game %d -> game %d%s (%s)" % (game_id, row, "" if fresh else ", already stored",
                                                           shown(verdict)))
            print("%d game(s) on the device, %d new%s" % (len(listing), new,
                                                         ", %d not pulled" % not_pulled if not_pulled else ""))
            if device.skipped:
                print("%d line(s) from the device skipped (kept in the database, table skipped_lines)"
                      % device.skipped)
        finally:
            device.close()
    except DeviceError as err:
        print("pull: %s" % shown(err), file=sys.stderr)
        return 1
    finally:
        store.close()
    return 1 if not_pulled else 0


def _logged_divergence(record):
    """The divergence stored with a game when it was logged (the events checked then), or None."""
    verdict = record.get("verified")
    return None if verdict in (None, "ok") else verdict


def cmd_verify(args):
    """The games checked by the engine. From an event file, a game with moves that no line of the
    file reports (lost on the line, or played while no logger ran) is verified from the device's
    record alone for those moves, and says so."""
    from host_tools.replay import verify

    games, device_lang = _games_to_check(args)
    m = _words(args, "replay", device_lang)
    bad = 0
    for label, record, checks, returns in games:
        state, divergence = verify(record, checks, returns)
        logged = _logged_divergence(record)
        gap = ""
        missing = checks.missing(len(record["moves"])) if checks is not None else []
        if missing:
            gap = m("gap_many" if len(missing) > 1 else "gap_one", moves=_numbers_in_words(missing, m))
        if divergence is not None:
            bad += 1
            print(m("diverges", label=label, verdict=divergence.words(m), gap=gap))
        elif logged is not None:
            bad += 1
            print(m("diverges_logged", label=label, verdict=_verdict_words(m, logged)))
        else:
            print(m("ok", label=label, moves=len(record["moves"]), round=state.round,
                    progress=_progress(m, record, state), gap=gap))
    return 1 if bad else 0


def _verdict_words(m, verdict):
    """A verdict stored with a game, in m's words when it reads as one (replay.Divergence.parse)."""
    from host_tools.replay import Divergence
    from host_tools.view import shown

    divergence = Divergence.parse(verdict)
    return divergence.words(m) if divergence is not None else shown(verdict)


def _progress(m, record, state):
    if state.is_over():
        return m("over")
    return m("left_unfinished") if record.get("closed") else m("in_progress")


def cmd_replay(args):
    from host_tools.lang import Messages
    from host_tools.replay import Divergence, move_line, verify
    from host_tools.view import public_lines

    games, device_lang = _games_to_check(args)
    label, record, checks, returns = games[-1]
    m = _words(args, "replay", device_lang)
    names = record.get("names")
    logged = _logged_divergence(record)
    marked = Divergence.move_of(logged)

    def show(index, state, move):
        print(move_line(m, index, state, record.get("game"), move, names, marked))

    print(label)
    state, divergence = verify(record, checks, returns, on_move=show)
    if state is not None:
        print("\n".join(public_lines(record, names, m=Messages(m.lang, "live"))))
    if divergence is not None:
        print(m("replay_diverges", verdict=divergence.words(m)))
        return 1
    if logged is not None:
        print(m("replay_diverges_logged", verdict=_verdict_words(m, logged)))
        return 1
    return 0


# -- history: stats, sheet, export and board (host_tools.facts, stats, sheet, export, board) ----------
def _history_games(args, command):
    """The finished games of the database that agree with the engine, each with its facts;
    (facts, how many diverging games were left out). Games that do not replay are said on stderr."""
    from host_tools import stats
    from host_tools.facts import kind_of

    store = _store(args)
    try:
        games = store.games(finished_only=True)
    finally:
        store.close()
    kind = getattr(args, "game_kind", None)
    games = [g for g in games if kind is None or kind_of(g["game"]) == kind]
    diverging = [g for g in games if _logged_divergence(g) is not None]
    facts, refused = stats.facts_of([g for g in games if _logged_divergence(g) is None])
    for game_id, why in refused:
        print("%s: game %s left out: %s" % (command, game_id, why), file=sys.stderr)
    return facts, len(diverging) + len(refused)


def _stored_game(args, command):
    """The game --game names (default: the latest) from --db, or the record file --record names;
    (record, None) or (None, the error line)."""
    if getattr(args, "record", None):
        try:
            with open(args.record, encoding="utf-8") as f:
                record = json.load(f)
        except OSError as err:
            return None, "%s: cannot read %s: %s" % (command, args.record, err.strerror)
        except ValueError as err:
            return None, "%s: %s is not a JSON game record: %s" % (command, args.record, err)
        from host_tools.schema import RECORD, BadEvent

        try:
            return RECORD.check(record, "record"), None
        except BadEvent as err:
            return None, "%s: %s is not a game record: %s" % (command, args.record, err)
    store = _store(args)
    try:
        record = store.game(args.game) if args.game is not None else (store.games() or [None])[-1]
    finally:
        store.close()
    if record is None:
        which = "no game %d" % args.game if args.game is not None else "no game"
        return None, "%s: %s in %s" % (command, which, args.db)
    return record, None


def _paper_lang(args, game_id=None):
    """The language of sheet, stats, export and board: --lang, else the device's (its boot line in
    the database: host_tools.paper.device_language), else the locale (host_tools.lang.choose)."""
    from host_tools.lang import choose
    from host_tools.paper import device_language

    device = None
    if not args.lang and not getattr(args, "record", None):
        store = _store(args)
        try:
            device = device_language(store, game_id)
        finally:
            store.close()
    return choose(args.lang, device)


def _plot_files(args, facts, stats, lang):
    """Write the plots of cmd_stats; returns the paths written."""
    from host_tools.games import host

    os.makedirs(args.plots, exist_ok=True)
    written = []
    summary = stats.history(facts)
    for kind in stats.KINDS:
        if kind in summary:
            colours = stats.player_colours([f for f in facts if f["kind"] == kind])
            written.append(os.path.join(args.plots, "%s.png" % kind))
            stats.plot_kind(kind, summary[kind], colours, written[-1], lang)
    for game in facts:
        if args.game is not None and game["id"] != args.game:
            continue
        written += host(game["kind"]).plot_game(game, args.plots, lang)
    return written


def cmd_stats(args):
    from host_tools import stats
    from host_tools.games import host

    facts, left_out = _history_games(args, "stats")
    lang = _paper_lang(args, args.game)
    m = _words(args, "cli", lang)
    of = m("of_kind", kind=host(args.game_kind).title) if args.game_kind else ""
    if args.game is not None and args.game not in [f["id"] for f in facts]:
        print("stats: " + m("no_finished_game", game=args.game, of=of, db=args.db), file=sys.stderr)
        return 1
    summary = stats.history(facts)
    left = m.count("left_out", left_out) if left_out else ""
    print(m.count("finished_games", len(facts), of=of, left=left))
    for kind in stats.KINDS:
        if kind in summary:
            print()
            print("\n".join(stats.format_history(kind, summary[kind], lang)))
    if args.plots:
        try:
            written = _plot_files(args, facts, stats, lang)
        except OSError as err:
            print("stats: " + m("cannot_write_plots", path=args.plots, why=err.strerror or err),
                  file=sys.stderr)
            return 1
        print()
        for path in written:
            print(m("wrote", path=path))
    return 0


def cmd_sheet(args):
    from host_tools.facts import game_facts
    from host_tools.sheet import draw_sheet

    record, problem = _stored_game(args, "sheet")
    if problem:
        print(problem, file=sys.stderr)
        return 1
    lang = _paper_lang(args, record.get("id"))
    m = _words(args, "cli", lang)
    try:
        _data, pages = draw_sheet(game_facts(record), args.out, lang)
    except ValueError as err:  # a path of another format, a record the engine refuses
        print("sheet: %s" % err, file=sys.stderr)
        return 1
    except OSError as err:
        print("sheet: " + m("cannot_write", path=args.out, why=err.strerror or err), file=sys.stderr)
        return 1
    print(m.count("wrote_sheet", pages, path=args.out, game=record.get("id", "?")))
    return 0


def cmd_export(args):
    from host_tools.export import write_deals, write_games

    facts, left_out = _history_games(args, "export")
    lang = _paper_lang(args, args.game)
    m = _words(args, "cli", lang)
    if args.game is not None:
        facts = [f for f in facts if f["id"] == args.game]
        if not facts:
            print("export: " + m("no_finished_game", game=args.game, of="", db=args.db), file=sys.stderr)
            return 1
    try:
        rows = write_deals(facts, args.out, lang)
        if args.games:
            write_games(facts, args.games, lang)
    except OSError as err:
        print("export: " + m("cannot_write", path=err.filename or args.out, why=err.strerror or err),
              file=sys.stderr)
        return 1
    left = m.count("left_out", left_out) if left_out else ""
    print(m.count("wrote_deals", rows, path=args.out, games=m.count("games", len(facts)), left=left))
    if args.games:
        print(m.count("wrote_games", len(facts), path=args.games))
    return 0


def cmd_board(args):
    from host_tools.board import draw_game

    record, problem = _stored_game(args, "board")
    lang = _paper_lang(args, record.get("id")) if record else _lang(args)
    m = _words(args, "cli", lang)
    if not problem and not 120 <= args.size <= 4000:
        problem = "board: " + m("board_size", size=args.size)
    if problem:
        print(problem, file=sys.stderr)
        return 1
    try:
        what, note = draw_game(record, args.out, args.move, args.round, args.size, lang)
    except ValueError as err:
        print("board: %s" % err, file=sys.stderr)
        return 1
    except OSError as err:
        print("board: " + m("cannot_write", path=args.out, why=err.strerror or err), file=sys.stderr)
        return 1
    if note:
        print("board: %s" % note, file=sys.stderr)
    print(m("wrote_what", path=args.out, what=what))
    return 0


def cmd_deploy(args):
    from host_tools.deploy import DeployError, run

    try:
        games = [g.strip() for g in args.games.split(",")] if args.games else None
        run(args.port, args.config, dry_run=args.dry_run, games=games, debug=args.debug,
            board=args.board)
    except DeployError as err:
        print("deploy: %s" % err, file=sys.stderr)
        return 1
    return 0


def _on_device(args, func):
    """Open the device, say hello, run func(device); 1 with a message if the device says no."""
    from host_tools.device import Device, DeviceError, find_port, open_serial
    from host_tools.view import shown

    seen = []
    try:
        device = Device(open_serial(args.port or find_port()), on_event=seen.append)
    except DeviceError as err:
        print("%s: %s" % (args.command, shown(err)), file=sys.stderr)
        return 1
    try:
        device.hello()
        return func(device, seen)
    except DeviceError as err:
        print("%s: %s" % (args.command, shown(err)), file=sys.stderr)
        return 1
    finally:
        device.close()


def _print_json(value):
    """JSON from the device, indented, with no control character left raw (view.shown)."""
    from host_tools.view import shown

    print("\n".join(shown(line) for line in json.dumps(value, ensure_ascii=False, indent=1).split("\n")))


def _device_lang(args, device):
    """The language the device is set to (its config says), when --lang did not choose; None
    when it is not asked or does not say."""
    from host_tools.device import DeviceError

    if getattr(args, "lang", None):
        return None
    try:
        return (device.request("get_config").get("config") or {}).get("language")
    except DeviceError:  # an older firmware: the locale's language
        return None


def cmd_state(args):
    from host_tools.names import shown_names
    from host_tools.view import public_lines

    def show(device, seen):
        lang = _lang(args, _device_lang(args, device))
        device.request("get_state")
        snaps = [e["data"].get("state") for e in seen if e["type"] == "state" and "state" in e["data"]]
        snap = snaps[-1] if snaps else None
        if snap is not None:
            snap["names"] = shown_names(snap.get("names"))
        if snap is None:
            print(_words(args, "cli", lang)("no_game_on_device"))
        elif args.json:
            _print_json(snap)
        else:
            print("\n".join(public_lines(snap, snap.get("names"), m=_words(args, "live", lang))))
        return 0

    return _on_device(args, show)


def cmd_names(args):
    from host_tools.view import shown

    refused = _names_refused(args.names)
    if refused:
        print(refused, file=sys.stderr)  # "names: ..."
        return 2

    def give(device, _seen):
        m = _words(args, "cli", _device_lang(args, device))
        reply = device.request("set_names", names=args.names)
        names = ", ".join(shown(n) for n in reply["names"])
        key = "names " + str(reply["applied"])  # "current game" or "next game"
        print(m(key, names=names) if key in m.table else m("names_applied", applied=shown(reply["applied"]),
                                                           names=names))
        return 0

    return _on_device(args, give)


def parse_settings(pairs):
    """KEY=VALUE or SECTION.KEY=VALUE words into a nested dict; a VALUE that reads as JSON
    (numbers, true, false, lists) is taken as such, anything else as a string."""
    changes = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise ValueError("expected KEY=VALUE or SECTION.KEY=VALUE, got %r" % pair)
        try:
            value = json.loads(text)
        except ValueError:
            value = text
        section, dot, sub = key.partition(".")
        if dot:
            changes.setdefault(section, {})[sub] = value
        else:
            changes[key] = value
    return changes


def cmd_config(args):
    try:
        changes = parse_settings(args.settings)
    except ValueError as err:
        print("config: %s" % err, file=sys.stderr)
        return 2

    def run(device, _seen):
        if not changes:
            _print_json(device.request("get_config")["config"])
            return 0
        reply = device.request("set_config", config=changes)
        _print_json(reply["config"])
        print("saved; it applies when the device restarts")
        return 0

    return _on_device(args, run)


def cmd_repl(args):
    """The protocol's `repl`: the board's game loop keeps Ctrl-C off, so mpremote needs this first."""
    def run(device, _seen):
        device.request("repl")
        print("the device left its game loop: its REPL is free for mpremote until a reset (docs/DEVICE.md)")
        return 0

    return _on_device(args, run)


def cmd_ports(args):
    from serial.tools import list_ports

    from host_tools.device import bridge_name

    ports = list_ports.comports()
    for p in ports:
        print("%-20s %s%s" % (p.device, p.description, "  <- %s" % bridge_name(p.vid, p.pid)
                                if bridge_name(p.vid, p.pid) else ""))
    if not ports:
        print("no serial port found")
    return 0


def _positive(kind):
    """An argparse type: a number of kind above 0."""
    def parse(text):
        value = kind(text)
        if not value > 0:
            raise ValueError(text)
        return value

    parse.__name__ = "positive " + kind.__name__  # argparse names it in "invalid ... value"
    return parse


def build_parser():
    from host_tools.games import names as game_names
    from host_tools.lang import LANGS

    parser = _Parser(prog="tanturlurette", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", metavar="command")
    sub.required = True

    def add(name, func, help_text):
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(func=func)
        p.add_argument("--lang", choices=LANGS, help="the language of what it prints: fr or en (default: the"
                       " device's where the command knows it, else the locale's)")
        parser.commands[name] = p
        return p

    def db_option(p):
        p.add_argument("--db", default=_db_default(), help="SQLite database (default: %(default)s)")

    p = add("log", cmd_log, "follow the device and log every event")
    p.add_argument("--port", help="serial port (default: the first ESP32 bridge found)")
    db_option(p)
    p.add_argument("--jsonl", default=_jsonl_default(), help="JSON-lines file (default: %(default)s)")
    p.add_argument("--names", help="player names, comma-separated, for games started without names")
    p.add_argument("--no-live", action="store_true", help="print one line per note, no live view")
    p.add_argument("--no-clock", action="store_true", help="do not set the device's clock")
    p.add_argument("--games", type=_positive(int), help="stop after this many finished games")
    p.add_argument("--duration", type=_positive(float), help="stop after this many seconds")

    p = add("pull", cmd_pull, "copy finished games from the device's history into the database")
    p.add_argument("--port")
    db_option(p)
    p.add_argument("ids", nargs="*", type=int, help="device game ids (default: all)")

    for name, func, text in (("verify", cmd_verify, "rebuild games with the engine, report divergences"),
                             ("replay", cmd_replay, "step through a game move by move")):
        p = add(name, func, text)
        db_option(p)
        p.add_argument("--game", type=int, help="game id in the database (default: all / the latest)")
        p.add_argument("--jsonl", dest="jsonl_in", help="read the games from an event log instead")

    # -- history: stats, sheet, export, board
    kinds = game_names()
    p = add("stats", cmd_stats, "per game kind, each player's figures by name; PNG plots with --plots")
    db_option(p)
    p.add_argument("--game-kind", choices=kinds, help="only this game kind (a scorekeeper game is its kind)")
    p.add_argument("--plots", help="folder for the PNG plots: one a game kind, and each game's")
    p.add_argument("--game", type=int, help="plot only this game")

    p = add("sheet", cmd_sheet, "the score sheet of one game, as a picture (.png, .svg) or a PDF")
    db_option(p)
    p.add_argument("--game", type=int, help="game id (default: the latest)")
    p.add_argument("--record", help="a JSON game record file instead of the database")
    p.add_argument("out", help="output path ending in .png, .svg or .pdf")

    p = add("export", cmd_export, "the finished games' deals as CSV for a spreadsheet, one row a deal")
    db_option(p)
    p.add_argument("--game-kind", choices=kinds, help="only this game kind")
    p.add_argument("--game", type=int, help="only this game")
    p.add_argument("--games", metavar="GAMES.csv", help="also one row a game: result, winners, payouts")
    p.add_argument("out", help="output CSV path")

    p = add("board", cmd_board, "draw a game as it stood on the target (.svg or .png); a pub game's"
            " score sheet (.png, .svg or .pdf)")
    db_option(p)
    p.add_argument("--game", type=int, help="game id (default: the latest)")
    p.add_argument("--record", help="a JSON game record file instead of the database")
    p.add_argument("--move", type=int, help="the state after this many moves")
    p.add_argument("--round", type=int, help="the state as this round is played")
    p.add_argument("--size", type=int, default=480, help="picture size in pixels")
    p.add_argument("out", help="output path ending in .svg or .png")

    p = add("deploy", cmd_deploy, "compile and copy the firmware to a board with mpremote")
    p.add_argument("--port", default="auto", help="mpremote device (default: auto)")
    p.add_argument("--config", help="config file to write (default: firmware/config.json with the"
                   " board's pins)")
    p.add_argument("--board", help="board profile from hardware/boards/ (default: the reference,"
                   " s3-devkitc-1)")
    p.add_argument("--dry-run", action="store_true", help="list the steps, run nothing")
    p.add_argument("--games", help="game packs to install, comma-separated, from bourre,piccolo,acheron"
                   " (default: all); Tanturlurette is always installed")
    p.add_argument("--debug", action="store_true",
                   help="keep line numbers in the board's tracebacks (the code is about 7%% larger)")

    p = add("state", cmd_state, "print the device's current game")
    p.add_argument("--port")
    p.add_argument("--json", action="store_true", help="the whole snapshot, record included")

    p = add("names", cmd_names, "give the players' names to the current or next game")
    p.add_argument("--port")
    p.add_argument("names", nargs="+", help="one name per seat, in seat order")

    p = add("config", cmd_config, "print the device's config, or change it")
    p.add_argument("--port")
    p.add_argument("settings", nargs="*", help="SECTION.KEY=VALUE, e.g. power.brightness=64 language=en")

    p = add("repl", cmd_repl, "have the board leave its game and free its REPL, for mpremote")
    p.add_argument("--port")

    add("ports", cmd_ports, "list serial ports")
    return parser


def main(argv=None):
    import host_tools  # noqa: F401  (puts firmware/lib on the path for engine, proto and app)
    from host_tools.db import StoreError
    from host_tools.deploy import DeployError
    from host_tools.device import DeviceError
    from host_tools.view import shown

    parser = build_parser()
    args, unknown = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    if unknown:  # said by the command's own parser, so that the line names the command
        parser.commands[args.command].error("unrecognized arguments: %s" % " ".join(unknown))
    try:
        return args.func(args)
    except BrokenPipeError:  # piped into head or less and cut short: not an error
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130
    except (CliError, StoreError, DeviceError, DeployError, ValueError) as err:
        # ValueError: the refusals of the engine and the pictures (a bad option, a game kind)
        head, *rest = str(err).strip().splitlines() or [type(err).__name__]
        message = head + (" " + "; ".join(line.strip() for line in rest) if rest else "")
    except FileExistsError as err:  # a folder to make where there is a file
        message = "%s is there already, and is not a folder" % err.filename
    except OSError as err:  # a file the command was given: not there, a folder, not writable
        message = "cannot use %s: %s" % (err.filename, err.strerror) if err.filename else str(err)
    except Exception as err:  # a bug: still one line, and the way to see more
        if os.environ.get("TANTURLURETTE_DEBUG"):
            raise
        message = "unexpected error (%s: %s); TANTURLURETTE_DEBUG=1 shows where" % (type(err).__name__, err)
    print("%s: %s" % (args.command, shown(message)), file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
