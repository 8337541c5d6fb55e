"""Command-line entry point of the host tool: `tanturlurette <command> [options]`.

  log      follow the device: every event to JSON lines and SQLite, with a live view
  pull     copy finished games from the device's history into the database
  replay   step through a stored game move by move with the engine
  verify   rebuild games with the engine and report the first divergence
  stats    leaderboard by player name, and PNG plots
  board    draw a game state as an SVG or PNG picture of the target
  deploy   compile and copy the firmware to a board (--dry-run lists the steps)
  state    print the device's current game
  names    give the players' names to the current or next game
  config   print the device's config, or change it (KEY=VALUE ...)
  ports    list the serial ports and which look like an ESP32
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


def _store(args, jsonl=False):
    from host_tools.db import LogStore

    return LogStore(args.db, args.jsonl if jsonl else None)


def _games_to_check(args):
    """(label, record, checkpoints or None, stored returns or None) for verify and replay."""
    from host_tools.replay import games_from_events

    found = []
    if args.jsonl_in:
        with open(args.jsonl_in, encoding="utf-8") as f:
            events = [json.loads(line) for line in f if line.strip()]
        for i, (tracker, checks) in enumerate(games_from_events(events), 1):
            found.append(("logged game %d" % i, tracker.record(), checks, None))
        return found
    store = _store(args)
    try:
        for game in store.games():
            if args.game is not None and game["id"] != args.game:
                continue
            found.append(("game %d (%s)" % (game["id"], game["source"]), game, None, game["returns"]))
    finally:
        store.close()
    return found


# -- commands -----------------------------------------------------------------------------------
def cmd_log(args):
    from host_tools.logger import Logger

    store = _store(args, jsonl=True)
    names = args.names.split(",") if args.names else None
    logger = Logger(store, live=not args.no_live, names=names)
    deadline = time.monotonic() + args.duration if args.duration else None

    def stop():
        if deadline is not None and time.monotonic() > deadline:
            return True
        return args.games is not None and len(logger.finished) >= args.games

    try:
        logger.run(args.port, stop, set_clock=not args.no_clock)
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
    print("logged %d finished game(s) into %s" % (len(logger.finished), args.db))
    return 0


def cmd_pull(args):
    from host_tools.device import Device, DeviceError, find_port, open_serial
    from host_tools.replay import verify

    store = _store(args)
    try:
        device = Device(open_serial(args.port or find_port()), on_event=store.add_event)
        try:
            device.hello()
            listing = device.request("list_games")["games"]
            new = 0
            for entry in listing:
                game_id = entry.get("id")
                if entry.get("error"):
                    print("device game %s is damaged on the device: %s" % (game_id, entry["error"]))
                    continue
                if args.ids and game_id not in args.ids:
                    continue
                record = device.pull_game(game_id)
                state, divergence = verify(record, returns=record.get("returns"))
                verdict = "ok" if divergence is None else str(divergence)
                row, fresh = store.add_pulled_game(record, game_id, verdict)
                new += fresh
                print("device game %s -> game %d%s (%s)" % (game_id, row, "" if fresh else ", already stored",
                                                           verdict))
            print("%d game(s) on the device, %d new" % (len(listing), new))
        finally:
            device.close()
    except DeviceError as err:
        print("pull: %s" % err, file=sys.stderr)
        return 1
    finally:
        store.close()
    return 0


def cmd_verify(args):
    from host_tools.replay import verify

    games = _games_to_check(args)
    if not games:
        print("verify: no game found", file=sys.stderr)
        return 1
    bad = 0
    for label, record, checks, returns in games:
        state, divergence = verify(record, checks, returns)
        if divergence is None:
            print("%s: ok, %d moves, round %d%s" % (label, len(record["moves"]), state.round,
                                                  ", over" if state.is_over() else ", in progress"))
        else:
            bad += 1
            print("%s: DIVERGES %s" % (label, divergence))
    return 1 if bad else 0


def cmd_replay(args):
    from engine.core import player_name

    from host_tools.replay import verify
    from host_tools.view import public_lines, seat_label

    games = _games_to_check(args)
    if not games:
        print("replay: no game found", file=sys.stderr)
        return 1
    label, record, checks, returns = games[-1 if args.game is None else 0]
    names = record.get("names")

    def show(index, state, move):
        player = state.current_player()
        who = seat_label(names, player) if player >= 0 else player_name(player)
        print("%4d  round %-3d %-14s %s" % (index, state.round, who, state.action_name(move)))

    print(label)
    state, divergence = verify(record, checks, returns, on_move=show)
    if state is not None:
        print("\n".join(public_lines(record, names)))
    if divergence is not None:
        print("DIVERGES %s" % divergence)
        return 1
    return 0


def cmd_stats(args):
    from host_tools import stats

    store = _store(args)
    try:
        games = store.games(finished_only=True)
    finally:
        store.close()
    rows = stats.leaderboard(games)
    print("%d finished game(s)" % len(games))
    print(stats.format_leaderboard(rows))
    if args.plots:
        os.makedirs(args.plots, exist_ok=True)
        written = []
        if rows:
            written.append(os.path.join(args.plots, "wins.png"))
            stats.plot_wins(rows, written[-1])
        for game in games:
            if args.game is not None and game["id"] != args.game:
                continue
            if game["game"] != "tanturlurette":
                continue
            written.append(os.path.join(args.plots, "game%d-positions.png" % game["id"]))
            stats.plot_positions(game, written[-1])
            written.append(os.path.join(args.plots, "game%d-pot.png" % game["id"]))
            stats.plot_pot(game, written[-1])
        for path in written:
            print("wrote %s" % path)
    return 0


def cmd_board(args):
    from engine.registry import new_state

    from host_tools.board import draw_board

    if args.record:
        with open(args.record, encoding="utf-8") as f:
            record = json.load(f)
    else:
        store = _store(args)
        try:
            record = store.game(args.game) if args.game is not None else (store.games() or [None])[-1]
        finally:
            store.close()
        if record is None:
            print("board: no such game in %s" % args.db, file=sys.stderr)
            return 1
    state = new_state(record["game"], record["options"])
    for index, move in enumerate(record["moves"]):
        if args.move is not None and index >= args.move:
            break
        if args.round is not None and state.round >= args.round and state.current_player() >= 0:
            break
        state.apply(move)
    draw_board(state, args.out, record.get("names"), args.size)
    print("wrote %s (round %d)" % (args.out, state.round))
    return 0


def cmd_deploy(args):
    from host_tools.deploy import DeployError, run

    try:
        games = [g.strip() for g in args.games.split(",")] if args.games else None
        run(args.port, args.config, dry_run=args.dry_run, games=games, debug=args.debug)
    except DeployError as err:
        print("deploy: %s" % err, file=sys.stderr)
        return 1
    return 0


def _on_device(args, func):
    """Open the device, say hello, run func(device); 1 with a message if the device says no."""
    from host_tools.device import Device, DeviceError, find_port, open_serial

    seen = []
    try:
        device = Device(open_serial(args.port or find_port()), on_event=seen.append)
    except DeviceError as err:
        print("%s: %s" % (args.command, err), file=sys.stderr)
        return 1
    try:
        device.hello()
        return func(device, seen)
    except DeviceError as err:
        print("%s: %s" % (args.command, err), file=sys.stderr)
        return 1
    finally:
        device.close()


def cmd_state(args):
    from host_tools.view import public_lines

    def show(device, seen):
        device.request("get_state")
        snaps = [e["data"].get("state") for e in seen if e.get("type") == "state" and "state" in e["data"]]
        snap = snaps[-1] if snaps else None
        if snap is None:
            print("no game on the device")
        elif args.json:
            print(json.dumps(snap, ensure_ascii=False, indent=1))
        else:
            print("\n".join(public_lines(snap, snap.get("names"))))
        return 0

    return _on_device(args, show)


def cmd_names(args):
    def give(device, _seen):
        reply = device.request("set_names", names=args.names)
        print("names for the %s: %s" % (reply["applied"], ", ".join(reply["names"])))
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
            print(json.dumps(device.request("get_config")["config"], ensure_ascii=False, indent=1))
            return 0
        reply = device.request("set_config", config=changes)
        print(json.dumps(reply["config"], ensure_ascii=False, indent=1))
        print("saved; it applies when the device restarts")
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


def build_parser():
    parser = argparse.ArgumentParser(prog="tanturlurette", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", metavar="command")
    sub.required = True

    def add(name, func, help_text):
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(func=func)
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
    p.add_argument("--games", type=int, help="stop after this many finished games")
    p.add_argument("--duration", type=float, help="stop after this many seconds")

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

    p = add("stats", cmd_stats, "leaderboard and per-player figures; PNG plots with --plots")
    db_option(p)
    p.add_argument("--plots", help="folder for the PNG plots")
    p.add_argument("--game", type=int, help="plot only this game")

    p = add("board", cmd_board, "draw a game state as a picture of the target (.svg or .png)")
    db_option(p)
    p.add_argument("--game", type=int, help="game id (default: the latest)")
    p.add_argument("--record", help="a JSON game record file instead of the database")
    p.add_argument("--move", type=int, help="the state after this many moves")
    p.add_argument("--round", type=int, help="the state as this round is played")
    p.add_argument("--size", type=int, default=480, help="picture size in pixels")
    p.add_argument("out", help="output path ending in .svg or .png")

    p = add("deploy", cmd_deploy, "compile and copy the firmware to a board with mpremote")
    p.add_argument("--port", default="auto", help="mpremote device (default: auto)")
    p.add_argument("--config", help="config file to write (default: firmware/config.json)")
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

    add("ports", cmd_ports, "list serial ports")
    return parser


def main(argv=None):
    import host_tools  # noqa: F401  (puts firmware/lib on the path for engine, proto and app)

    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        return args.func(args)
    except BrokenPipeError:  # piped into head or less and cut short: not an error
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
