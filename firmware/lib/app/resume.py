"""Reading a saved game back at boot: app.session.Session.resume's half that runs once a boot.

resume(session) restores the unfinished game the session's store holds and returns the resume
report (app/session.py's docstring gives its fields; None when the flash held nothing at all).
Every field read back is checked like input from outside (_restore); a snapshot that fails gives
way to the previous one and the journal after it. It reads and sets the session's own fields: it
is the session's code, apart only so that Session.resume can let it go once it has run (about
4 KB of heap on a 32-bit MicroPython, held through every game otherwise: docs/DEVICE.md).
"""

from engine.core import CHANCE, TERMINAL, BadRecord, IllegalAction, read_int
from games import game_module
from store.journal import OP_ACT, OP_REDO, OP_UNDO
from store.storage import is_bot, is_move, is_name, journal_problem, list_problem, shown


def resume(session):
    """Restore the unfinished game from the store; see the module docstring for the report."""
    if session.store is None:
        return None
    store = session.store
    found = store.load()
    try:
        best = _resume_best(session, store, found)
        if best is None:
            session._take_on(None, None, None, None)
            store.settle(found)
        else:
            store.settle(found, session.game_id, *best)
    except MemoryError:
        # not the files' fault: none is set aside or removed, a later boot may resume them
        # (a new game started first sets the snapshots aside for the host: Store.clear)
        session._take_on(None, None, None, None)
        store.unread = True
        found["discarded"].append("out of memory while resuming: the saved game stays on "
                                  "flash")
    discarded = found["discarded"]
    state = session.state
    report = {"resumed": state is not None, "game": session.game, "round": 0, "moves": 0,
              "to_act": TERMINAL, "discarded": discarded, "quarantined": found["quarantined"]}
    if state is None:
        if not discarded:
            return None
        lines = ["No game resumed"]
    else:
        if discarded:
            session._save()  # start a clean snapshot and journal from what was recovered
        report["round"] = state.round
        report["moves"] = len(state.moves)
        report["to_act"] = state.current_player()
        lines = ["Resuming", str(session.game)[:16], "round %d" % state.round]
    if discarded:
        lines.append("%d dropped" % len(discarded))
    report["lines"] = lines
    return report

def _resume_best(session, store, found):
    """Restore the snapshot and journal that reach furthest; returns (generation, the
    snapshot's seq, seq reached, what ended the journal) or None when no snapshot is good.

    Snapshots are tried newest first; one that fails a check is set aside. When a journal
    entry does not apply, the snapshot may be what is wrong rather than the entry: the older
    snapshots are tried with the same journal, and the one that gets furthest wins (the
    newer on a tie, the entry then being the wrong one).
    """
    journal = found["journal"]
    best = None
    held = None  # the generation this session holds now
    for gen in found["snapshots"]:
        try:
            _restore(session, store.read_snapshot(gen), gen, journal)
        except MemoryError:  # no block for a buffer is no fault of the file's
            raise
        except Exception as err:  # a damaged or wrong file must not stop the boot
            session._take_on(None, None, None, None)
            held = None
            store.set_aside(found, gen, err)
            continue
        start = session.seq
        stop = _replay_journal(session, store, journal)
        held = gen
        if best is None or session.seq > best[2]:
            if best is not None:  # the journal goes further from an older snapshot
                why = "journal entry %d does not apply to it, but does to s%d"
                store.set_aside(found, best[0], BadRecord(why % (best[2] + 1, gen)))
            best = (gen, start, session.seq, stop)
        if stop is None or stop[1]:  # the journal's end, or a damaged entry: none gets past
            break
    if best is not None and best[0] != held:  # an older one was tried and did no better
        try:
            _restore(session, store.read_snapshot(best[0]), best[0], journal)
            _replay_journal(session, store, journal)
        except MemoryError:
            raise
        except Exception as err:  # read fine a moment ago: the flash itself is failing
            session._take_on(None, None, None, None)
            store.set_aside(found, best[0], err)
            return None
    return best

def _restore(session, document, gen, journal):
    """Make snapshot generation gen (document: its store.reader.Document, whose moves are
    read from flash as they are replayed) the game being played.

    Every field is checked like input from outside, each once the ones it depends on are
    known; BadRecord names the first that is wrong. journal: the (game id, seq) of the entry
    files beside it (store.storage.journal_problem says how they must fit).
    """
    doc = document.head
    game = doc.get("game")
    options = doc.get("options")
    if type(options) is not dict:
        raise BadRecord("options must be an object, got %s" % shown(options))
    try:
        module = game_module(game)  # BadRecord for a game no firmware has
    except ImportError:  # a pack this build left out (README: the save goes aside)
        module = None
    if module is None:
        raise BadRecord("game %s is not on this board" % shown(game))
    state = module.State(options)  # BadOptions names the option
    seats = state.seats()
    for key, good in (("names", is_name), ("bots", is_bot)):
        _refuse(list_problem(doc, key, good, seats, True))
    ident = read_int(doc, "id", 1, gen)  # a game's id is the generation it began with
    seq = read_int(doc, "seq", 0, 0xFFFFFFFF)  # the journal's seq is 32 bits
    problem = journal_problem(ident, seq, journal)
    if problem:
        raise BadRecord("seq %d: %s" % (seq, problem))
    count = document.count  # the container checked each is an integer 0..65535
    if count < 0:
        raise BadRecord("moves must be a list, got %s" % shown(doc["moves"]) if "moves" in doc
                        else "no moves")
    if seq < count:  # an operation adds one move at most (a redo gives back an undo's)
        raise BadRecord("seq %d is less than the %d moves" % (seq, count))
    redo = _redo_groups(doc)
    _refuse(list_problem(doc, "putback", _is_put_back))
    first = state.round
    session._take_on(game, state, doc["names"], doc["bots"], ident, seq)
    session._quiet = True
    try:
        # the floor the file gives, checked below once the moves are replayed: the replay then
        # makes undo's checkpoints for the rounds undo reaches only (Session._apply)
        floor = doc.get("floor")
        if type(floor) is int:
            session._floor_round = floor
        document.each_move(lambda move: _apply_saved(session, "moves", len(session.state.moves), move))
        # the highest round play reached (the replay reaches it or, after an undo, the one
        # before it): undo goes back to the start of the round before it. A round only grows:
        # the replay reached state.round, or no round at all when it never changed
        reached = 0 if state.round == first else state.round
        session._floor_round = read_int(doc, "floor", reached, state.round + 1)
        session._redo = redo
        _check_redo(session)
        session._putback = [[phase, outcome] for phase, outcome in doc["putback"]]
    finally:
        session._quiet = False

def _apply_saved(session, field, i, move):
    """Apply move i of a saved list (field names it), as BadRecord if it does not apply."""
    problem = None
    try:
        session._apply(move)
    except IllegalAction as err:  # raised outside: MicroPython warns on exception chaining
        problem = "%s: move %d (%d) does not apply: %s" % (field, i, move, err)
    if problem:
        raise BadRecord(problem[:160])

def _check_redo(session):
    """The redo groups must replay from here, the last undone first (as redo() plays them),
    each decision where one is due and each chance outcome in the phase it names; the state
    is then rebuilt as it was."""
    if not session._redo:
        return
    count = len(session.state.moves)
    floor = session._floor_round
    for group in reversed(session._redo):
        for phase, move in group:
            state = session.state
            at_chance = state.current_player() == CHANCE
            if at_chance != (phase is not None) or at_chance and phase != state.phase_name():
                raise BadRecord("redo: %s where the game is at %s" % (
                    shown(phase), state.phase_name()))
            _apply_saved(session, "redo", len(session.state.moves) - count, move)
    session._rebuild(count)
    session._floor_round = floor

def _replay_journal(session, store, journal):
    """Apply the journal entries after the restored snapshot through the same calls as play.

    Returns None when the journal ends (no entry seq + 1), else (error, damaged) for the
    entry that ended it: damaged when it failed its own checks on flash, not when it did
    not apply to the game.
    """
    session._quiet = True
    try:
        while (session.game_id, session.seq + 1) in journal:
            try:
                op, arg = store.read_entry(session.game_id, session.seq + 1)
            except MemoryError:  # not the entry's fault: resume() stops, nothing is dropped
                raise
            except Exception as err:  # journal.decode's ValueError, OSError
                return err, True
            try:
                _replay_op(session, op, arg)
            except ValueError as err:  # IllegalAction is a ValueError
                return err, False
        return None
    finally:
        session._quiet = False

def _replay_op(session, op, arg):
    if op == OP_ACT:
        session.act(arg)
    elif op != OP_UNDO and op != OP_REDO:
        raise ValueError("unknown operation %d" % op)
    elif arg:
        raise ValueError("an undo or redo has no argument, got %d" % arg)
    elif not (session.undo() if op == OP_UNDO else session.redo()):
        raise ValueError("nothing to %s" % ("undo" if op == OP_UNDO else "redo"))


def _refuse(problem):
    if problem:
        raise BadRecord(problem)


def _is_put_back(entry):
    """A put-back chance outcome: [phase name, outcome]."""
    return type(entry) is list and len(entry) == 2 and type(entry[0]) is str and is_move(entry[1])


def _redo_groups(doc):
    """The redo list's shape: groups of [null, decision] then [phase name, outcome] pairs, as
    undo() makes them (whether they replay is Session._check_redo's)."""
    groups = doc.get("redo")
    if type(groups) is not list:
        raise BadRecord("redo must be a list, got %s" % shown(groups))
    out = []
    for group in groups:
        if type(group) is not list or not group:
            raise BadRecord("redo holds %s, not a list of moves" % shown(group))
        for i, entry in enumerate(group):
            if (type(entry) is not list or len(entry) != 2 or not is_move(entry[1])
                    or (entry[0] is not None if i == 0 else type(entry[0]) is not str)):
                raise BadRecord("redo holds %s: [null, decision] then [phase, outcome]"
                                % shown(entry))
        out.append([[phase, move] for phase, move in group])
    return out
