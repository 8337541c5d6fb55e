"""The game being played: engine state, undo/redo, saving after every confirmed action, resume.

Session(store=None, on_event=None)
  new_game(game, options, names=None, bots=None)   start a game (archives an unfinished one)
  set_names(names)   rename the seats; on flash before it returns (False when the save failed)
  state                                           the engine state (read it, never apply to it)
  act(action)        a player, table or chance action; returns the events it caused. An illegal
                     action raises engine.core.IllegalAction and changes nothing, saves nothing.
  chance_outcome(rng)  the outcome to play at a chance node: cards put back by an undo come out
                     again first (no peeking through undo), otherwise one drawn from rng
  undo() / redo()    -> bool; can_undo() / can_redo()
  undo(sliced=True)  the same undo, its replay left to advance(): the App's, which calls it once
                     a loop turn while `rebuilding` is not None (the state from its checkpoint,
                     then SLICE_MOVES moves a turn at most),
                     so that no turn holds a round's replay; the undo is saved and said when its
                     replay ends. Any other call (state included) first finishes the replay
                     (settle()): nothing outside ever reads a game half rebuilt.
  resume()           -> report dict, or None when there was nothing on flash at all. Every
                     field read back is checked like input from outside; a snapshot that fails
                     gives way to the previous one and the journal after it. Its code
                     (app.resume) runs once a boot and leaves the heap after it.
  finish(abandon=False) -> history id; archives the game. None when the store failed: the
                     game is then archived before anything else is saved (retried at the next)
  put_away()         once a finished game's screens are gone (the app's setup menu): let go of
                     its engine state, so that nothing holds its engine's code, and keep `last`;
                     True when there was a finished game to put away
  last               the put-away game as plain data (report_of's dict), None once another game
                     is started or resumed (the app drops it when Play is pressed)
report_of(session)   what the protocol's get_state sends of the session's game: its record (its
                     moves: the state's own Moves), names, id, round, phase, to_act, over,
                     standings, target, pot; `last` once the game is put away; None without either
  on_event(type, payload) is called for "game", "act", "round", "undo", "redo", "over", "error",
                     "storage"; payloads are small JSON-able dicts.
  heavy_later        False (the default): act() does all a move makes due at once. True (the
                     App's): two heavy parts wait for a loop turn each of their own, so that
                     neither adds its garbage to a deal's end (the round's facts, some 6 KB on a
                     32-bit port) nor to the other:
                     - a round's checkpoint (undo's, the state's JSON: some 4 KB) once a move
                       begins a round: checkpoint_due;
                     - the journal's compaction (a whole snapshot every store.compact_every
                       operations: some 5 KB): compaction_due; the operation only journals
                       itself, so nothing waits unsaved meanwhile.
                     work_due() says one waits; catch_up() does the next, the checkpoint first.
                     The checkpoint stays exact: any move applied, an undo or a redo takes it
                     first, from the state the round began with. A power cut loses nothing: the
                     checkpoint is rebuilt by resume's replay, the journal holds the operation.

Saving never raises: a full flash (OSError) or a MemoryError while saving or archiving is one
"storage" event, the game goes on in memory, and the next operation tries again. Nothing saved,
archived or read back makes a buffer that grows with the game: the store writes the moves from
the state's own Moves and reads them back in pieces (store.container). Nor does playing: a
game's per-move lists (its moves, 2 bytes each, and the session's one byte a move) are
engine.core.Moves, in blocks of 256 items, so that no move needs a large block of the heap.

Undo (docs/STORAGE.md says the same to the host side):
  One undo takes back the last decision (a seat's or the table's) together with the chance
  outcomes that followed it (the card it turned up, the deal of the next round). Undo reaches back
  to the start of the round before the highest round reached: undoing a round's result (its last
  decision) re-opens that round, which can then be undone back to its own start, no further.
  Redo replays exactly what was undone, the same cards included, until a new action is taken.
  A new action drops the redo list; the chance outcomes it held go back on top of the deck in
  their order, so chance_outcome() deals them again: undo never shows a different card.
  One undo or redo costs what a round does, however long the game, the first after a resume
  too: undo rebuilds from the state at the start of the round (a checkpoint, made by play and
  by resume's replay alike, that leaves out the moves and the state's ROUND_LOG) and replays the
  moves since; of the rounds undo cannot reach, the session keeps nothing but the moves.

The resume report (a dict; None when the flash held no game and nothing was discarded):
  "resumed"      True when a game was restored
  "game"         game name or None; "round", "moves", "to_act" (seat, -1 chance, -3 table)
  "discarded"    list of short English sentences: what was dropped and why (empty when clean)
  "quarantined"  list of file names moved aside into the quarantine folder for the host
  "lines"        up to 4 lines of at most 16 characters for the OLED (English; the app may
                 translate with the counts above)
"""

import json
from array import array

from engine.compat import const
from engine.core import (
    CHANCE,
    REFUSE_SEATS,
    TERMINAL,
    BadOptions,
    IllegalAction,
    Moves,
)
from games import game_module
from store.journal import OP_ACT, OP_REDO, OP_UNDO
from store.storage import is_name, list_problem

from app.memory import let_go, let_go_readers

_DOC_VERSION = const(1)
_ENOSPC = const(28)
_ENOMEM = const(12)  # the errno a storage event gives a MemoryError
_RECORD_VERSION = const(1)  # engine.core's: a history document is a record (GameState.record)
_MEMORY_HISTORY = const(8)  # finished games kept without a store


_NO_MOVES = Moves()  # stands for a state's moves while a checkpoint is made (never grows)
_A_DECISION = const(0xFF)  # in _chance_phases: the move was a seat's or the table's
# An undo's replay a loop turn (Session.advance): on the WebAssembly port nothing is collected
# inside a turn, so a turn needs the live heap plus all it allocates; a move replayed costs
# about 100 to 200 bytes there, a round's end a checkpoint (a state's JSON) a few KB more.
# Counted in moves, not bytes: gc.mem_alloc() walks the heap's whole table at each call.
SLICE_MOVES = const(16)


def _copy(value):
    if isinstance(value, (list, tuple, bytearray, array, Moves)):
        return list(value)
    return value


class Session:
    def __init__(self, store=None, on_event=None):
        self.store = store
        self.on_event = on_event
        self.history = []  # finished games when there is no store
        self.unsaved = False  # a save failed: the next save writes a whole snapshot
        # finished games whose archive failed, oldest first, as (state, game, names, bots,
        # abandoned): archived before anything else is saved, since the next game's first
        # snapshot removes the files of the first (the games after it were never saved)
        self._unarchived = []
        self._events = []  # what the current call emitted: act() and new_game() return it
        self._quiet = False  # replaying the saved game: no events, no saving, no checkpoints
        self.rebuilding = None  # an undo's replay left to advance(): see undo()
        self.heavy_later = False  # the docstring's heavy_later
        self._take_on(None, None, None, None)

    @property
    def state(self):
        """The engine state (read it, never apply to it), an undo's replay finished first."""
        if self.rebuilding is not None:
            self.settle()
        return self._state

    @state.setter
    def state(self, state):
        self.settle()
        self._state = state

    def _take_on(self, game, state, names, bots, game_id=0, seq=0):
        """Make this the game being played (a new one, a restored one, or none), nothing undone."""
        self.rebuilding = None
        self.compaction_due = False  # heavy_later: a snapshot the journal is due (catch_up())
        self.checkpoint_due = False  # heavy_later: the round just begun has no checkpoint yet
        self.game = game
        self._state = state
        self.names = names
        self.bots = bots
        self.game_id = game_id
        self.seq = seq  # operations (act, undo, redo) since the game began: the journal position
        self.finished = False
        self.last = None  # a game put away (put_away), as plain data
        # One byte a move, since a long game runs to thousands: _A_DECISION for a seat's or the
        # table's move, else the move is a chance outcome and this is the index in _phase_names
        # of the phase it was drawn in (state.phase_name()), which tags it for the put-back.
        self._chance_phases = Moves("B")
        self._phase_names = []
        # (move index, round): from that move on, the round is that (state.round changed just
        # before it), for the rounds undo may reach only: a few entries, however long the game
        self._round_from = []
        self._first_round = 0 if state is None else state.round  # the round before those
        self._redo = []  # groups of [phase or None, move] taken back, last undone last
        self._putback = []  # [phase name, outcome] dealt again before any fresh draw
        self._floor_round = 0  # the highest round reached by play
        # (move count, round, state JSON, length of the state's ROUND_LOG) at the starts of the
        # rounds undo may reach (two at most), made by play and by a resume's replay alike, so
        # that an undo replays a round or two instead of the whole game
        self._checkpoints = []

    def _emit(self, kind, payload):
        if not self._quiet:
            self._events.append((kind, payload))
            if self.on_event is not None:
                self.on_event(kind, payload)

    # -- starting -------------------------------------------------------------------------------
    def new_game(self, game, options=None, names=None, bots=None):
        """Start a game; bad options, or names or bots that are not one a seat, raise
        engine.core.BadOptions (its why: the refusal's code, for the device's words) and keep the
        current game, as a game whose module is not on the board (ImportError) does."""
        self.settle()
        state = game_module(game).State(options)  # raises before anything is replaced
        seats = state.seats()
        for given, what in ((names, "names"), (bots, "bot entries")):
            if given is not None and len(given) != seats:
                raise BadOptions("%d %s for %d seats" % (len(given), what, seats),
                                 (REFUSE_SEATS, len(given), seats))
        self._events = []
        if self._state is not None and not self.finished and len(self._state.moves):
            self._archive(True)
        self._take_on(game, state, None if names is None else list(names),
                      None if bots is None else list(bots))
        self._save()
        self._emit("game", {"game": game, "options": state.options, "names": self.names,
                            "bots": self.bots, "id": self.game_id})
        return self._events

    def set_names(self, names):
        """Name the seats of the current game (a string a seat, or None) and save the change
        before returning; wrong names raise ValueError. Returns False when the save failed: the
        names hold in memory, as every change does while the flash fails, and a storage event
        said why. A change is a snapshot (docs/STORAGE.md says why not a journal entry)."""
        state = self._need_state()
        if self.finished:
            raise ValueError("the game was archived: start a new one")
        names = None if names is None else list(names)
        problem = list_problem({"names": names}, "names", is_name, state.seats(), True)
        if problem:
            raise ValueError(problem)
        if names == self.names and not self.unsaved:
            return True  # already on flash: a host names the game at every connection
        self.names = names
        return self._save()

    # -- playing --------------------------------------------------------------------------------
    def act(self, action):
        state = self._need_state()
        self._events = []
        player = state.current_player()
        why = None  # why the action is refused, or None
        if player == TERMINAL:
            why = "the game is over"
        elif self.finished:
            why = "the game was archived: start a new one"
        elif not isinstance(action, int) or isinstance(action, bool) or not state.is_legal(action):
            why = ""
            if isinstance(action, int):
                why = state.why_illegal(action) or ""
        if why is not None:
            err = IllegalAction(state, action, why)
            payload = {"code": "illegal_action", "message": str(err)[:160], "action": action}
            if type(why) is tuple:
                payload["why"] = list(why)  # the reason as the engine gives it: (code, args...)
            self._emit("error", payload)
            raise err
        name = state.action_name(action)
        # What was undone and not redone goes back on top of the deck, oldest first.
        for group in self._redo:
            self._putback = [entry for entry in group if entry[0] is not None] + self._putback
        self._redo = []
        if player == CHANCE:
            putback = self._putback
            phase = state.phase_name()
            while putback and (putback[0][0] != phase or not state.is_legal(putback[0][1])):
                putback.pop(0)  # that card is no longer in the stock: it cannot come out again
            if putback and putback[0][1] == action:
                putback.pop(0)
        before = state.round
        self._apply(action, self.heavy_later)
        self._emit("act", {"action": action, "name": name, "player": player, "round": before,
                           "move": len(state.moves) - 1})
        self._save_op(OP_ACT, action)
        self._after_move_events(before)
        return self._events

    def _apply(self, action, later=False):
        """Apply one move that is known to be legal, keeping the per-move bookkeeping: where a
        round began and, when undo may reach its start, its checkpoint (later: left to
        catch_up(), checkpoint_due). What undo can no longer reach (the round before the
        floor's is as far back as it goes) is let go: none of it grows with the game."""
        if self.checkpoint_due:  # from the state the round began with, before this move
            self._checkpoint()
        state = self._state
        before = state.round
        count = len(state.moves) + 1  # once applied
        mark = _A_DECISION
        if state.current_player() == CHANCE:
            names = self._phase_names
            phase = state.phase_name()
            if phase not in names:
                names.append(phase)
            mark = names.index(phase)
        self._chance_phases.append(mark)  # the move is known to be legal: state.apply follows
        state.apply(action)
        if state.round == before:
            return
        if state.round > self._floor_round:
            self._floor_round = state.round
        reach = self._floor_round - 1  # the earliest round undo reaches back into
        starts = self._round_from
        starts.append((count, state.round))
        while starts and starts[0][1] < reach:
            self._first_round = starts.pop(0)[1]
        if state.round < reach:  # replaying a resumed game's rounds that undo cannot reach
            return
        if later:
            self.checkpoint_due = True
        else:
            self._checkpoint()

    def _checkpoint(self):
        """The checkpoint of the round the state is at the start of (the move that began it is
        the last applied), and the one kept beside it: the round before, undo's reach."""
        self.checkpoint_due = False
        state = self._state
        count = len(state.moves)
        # the one checkpoint kept beside the new one goes first: three states' JSON at once
        # would be the largest heap the turn needs
        reach = self._floor_round - 1
        kept = [c for c in self._checkpoints if c[1] >= reach and c[0] < count][-1:]
        self._checkpoints = kept
        # to_dict copies what grows with the game, which the checkpoint does not need: the
        # moves (_rebuild has them) and the state's ROUND_LOG (entries only appended: _rebuild
        # cuts the live list back to its length then), set aside meanwhile
        moves = state.moves
        name = state.ROUND_LOG
        log = getattr(state, name) if name else ()
        state.moves = _NO_MOVES
        if name:
            setattr(state, name, [])
        try:
            data = json.dumps(state.to_dict(), separators=(",", ":"))  # no spaces: 1/5 smaller
            kept.append((count, state.round, data, len(log)))
        except Exception:  # a speed-up only (a game without to_dict has none): undo replays all
            pass
        finally:
            state.moves = moves
            if name:
                setattr(state, name, log)

    def chance_outcome(self, rng):
        """The outcome to play at this chance node (pass it to act)."""
        state = self._need_state()
        if state.current_player() != CHANCE:
            raise ValueError("no chance node: %s is to act" % state.current_player())
        phase = state.phase_name()
        for entry in self._putback:  # act() drops the entries before the first that still fits
            if entry[0] == phase and state.is_legal(entry[1]):
                return entry[1]
        return state.chance_outcome(rng.below(state.chance_count()))

    # -- undo / redo ----------------------------------------------------------------------------
    def _undo_start(self):
        """Index of the move an undo would take back from, or -1."""
        self.settle()
        if self._state is None or self.finished:
            return -1
        marks = self._chance_phases
        i = len(marks) - 1
        while i >= 0 and marks[i] != _A_DECISION:
            i -= 1
        if i < 0 or self._round_before(i) + 1 < self._floor_round:
            return -1
        return i

    def _round_before(self, i):
        """state.round before move i was played."""
        starts = self._round_from
        k = len(starts) - 1
        while k >= 0 and starts[k][0] > i:  # the latest round begun at or before move i
            k -= 1
        return starts[k][1] if k >= 0 else self._first_round

    def can_undo(self):
        return self._undo_start() >= 0

    def can_redo(self):
        self.settle()
        return bool(self._redo) and not self.finished

    def undo(self, sliced=False):
        """Take back the last decision (see the module docstring). sliced: the replay it needs is
        left to advance() (rebuilding says so), a few moves a loop turn; any other call settles
        it first, so nothing outside ever sees the game half rebuilt."""
        self.settle()
        start = self._undo_start()
        if start < 0:
            return False
        if self.checkpoint_due:  # the round's start, before the rebuild cuts the game back
            self._checkpoint()
        moves = self._state.moves
        group = []
        marks = self._chance_phases
        for i in range(start, len(moves)):
            mark = marks[i]
            group.append([None if mark == _A_DECISION else self._phase_names[mark], moves[i]])
        self._redo.append(group)
        self._rebuild(start, len(group))
        if not sliced:
            self.settle()
        return True

    def _undone(self, moved, before):
        """An undo's rebuild is over: save it and say it."""
        self._events = []
        self._save_op(OP_UNDO, 0)
        state = self._state
        self._emit("undo", {"moves": moved, "round": state.round, "from_round": before,
                            "to_act": state.current_player()})

    def _rebuild(self, start, moved=None):
        """Go back to the state before move start, from the latest round checkpoint at or before
        it if there is one, else from the beginning, by advance(): its first call reads the
        checkpoint's JSON, the second makes the state, the next ones replay the moves since
        (rebuilding: [start, the moves to replay or None before the state is made, the next
        one's index, moves undone, round before, the checkpoint read or None]).
        moved: None for resume's own going back (app.resume: at once, nothing saved nor said)."""
        self._checkpoints = [c for c in self._checkpoints if c[0] <= start]
        self.rebuilding = [start, None, 0, moved, self._state.round, None]
        if moved is None:
            self.settle()

    def _restart(self, start, read):
        """The state at the latest checkpoint at or before move start (read: its JSON read back;
        without one, a new game's) made the session's, the bookkeeping cut back to it; returns
        the moves to replay."""
        old = self._state
        moves = old.moves
        module = game_module(self.game)
        state = None
        base = 0
        if self._checkpoints:
            base, _round, _data, logged = self._checkpoints[-1]
            try:
                state = module.from_dict(read)  # no moves, no log (_apply)
            except Exception:  # a game whose from_dict refuses its own to_dict: replay it all
                state = None
                base = 0
        if state is None:
            state = module.State(old.options)
            self._first_round = state.round
        elif state.ROUND_LOG:  # the log as it was at the checkpoint: the live one, cut back
            log = getattr(old, state.ROUND_LOG)
            del log[logged:]
            setattr(state, state.ROUND_LOG, log)
        again = moves.between(base, start)  # from a checkpoint, the round or two undo reaches
        # the moves before base are the checkpoint's: the old Moves, cut there, are the new
        # state's, and no copy of the whole game is made
        moves.cut(base)
        state.moves = moves
        self._state = state
        self._chance_phases.cut(base)  # cut too
        starts = self._round_from
        while starts and starts[-1][0] > base:
            starts.pop()
        return again

    def advance(self):
        """A loop turn's share of an undo's rebuild: its checkpoint's JSON read at the first
        call, the state made from it at the second (each is a few KB of garbage), then
        SLICE_MOVES moves replayed at most. True while more remains; the undo is saved and said
        in the call that ends it."""
        job = self.rebuilding
        if job is None:
            return False
        again = job[1]
        if again is None:
            if job[5] is None and self._checkpoints:
                try:
                    job[5] = json.loads(self._checkpoints[-1][2])
                except ValueError:  # from_dict refuses it: the whole game is replayed
                    job[5] = 0
                return True
            job[1] = self._restart(job[0], job[5])
            job[5] = None
            return True
        i = job[2]
        stop = min(len(again), i + SLICE_MOVES)
        while i < stop:
            self._apply(again[i])
            i += 1
            job[2] = i  # a MemoryError in the next one (app.loop survives it) replays from it
        if i < len(again):
            return True
        self.rebuilding = None
        if job[3] is not None:
            self._undone(job[3], job[4])
        return False

    def settle(self):
        """Finish an undo's replay at once (what every call but advance() does first)."""
        job = self.rebuilding
        if job is not None:
            while self.advance():
                pass

    def redo(self):
        if not self.can_redo():
            return False
        state = self._state
        before = state.round
        group = self._redo.pop()
        for _phase, move in group:
            self._apply(move)
        self._events = []
        self._save_op(OP_REDO, 0)
        self._emit("redo", {"moves": len(group), "round": state.round, "from_round": before,
                            "to_act": state.current_player()})
        self._after_move_events(before)
        return True

    # -- after a move ---------------------------------------------------------------------------
    def _after_move_events(self, before):
        state = self._state
        if state.round > before:
            payload = state.round_summary()
            payload["round"] = state.round
            payload["previous"] = before
            payload["standings"] = _copy(state.standings())
            self._emit("round", payload)
        if state.is_over():
            payload = {"returns": list(state.returns()), "round": state.round,
                       "standings": _copy(state.standings())}
            pot = state.pot()
            if pot is not None:  # games with stakes say what was at stake
                payload["pot"] = pot
            payload["winners"] = list(state.winners())
            self._emit("over", payload)

    # -- finishing ------------------------------------------------------------------------------
    def finish(self, abandon=False):
        """Archive the game into history; an unfinished game only with abandon=True."""
        state = self._need_state()
        if self.finished:
            return None
        if not state.is_over() and not abandon:
            raise ValueError("the game is not over: finish(abandon=True) archives it anyway")
        self._events = []
        return self._archive(not state.is_over())

    def _archive(self, abandoned):
        """Put the game into history, finished or abandoned; its history id, or None when the
        store failed: that is reported, and the archive is tried again before anything else is
        saved (the next game's first snapshot removes this game's files)."""
        self.finished = True
        self.compaction_due = False  # the archive removes the game's files
        self.checkpoint_due = False  # nothing is undone once finished
        self._redo = []
        if self.store is None:
            doc = _history_doc(self._state, self.game, self.names, self.bots, abandoned)
            doc["moves"] = list(doc["moves"])  # a record like the host's, not the state's Moves
            self.history.append(doc)
            if len(self.history) > _MEMORY_HISTORY:
                self.history.pop(0)
            return len(self.history)
        due = self._unarchived
        if len(due) >= _MEMORY_HISTORY:  # the flash fails for good: keep the one it holds
            due.pop(1)
        due.append((self._state, self.game, self.names, self.bots, abandoned))
        return self._archive_due(self.store)

    def _archive_due(self, store):
        """Archive the finished games that are due (_unarchived), then remove the game files;
        the history id of the last, or None when one failed (reported)."""
        due = self._unarchived
        ident = None
        try:
            while due:
                ident = store.archive(_history_doc(*due[0]))
                due.pop(0)
            store.clear()
        except (OSError, MemoryError) as err:  # a full flash, or no block for a buffer
            self._storage_error(err, "archive")
            return None
        return ident

    def put_away(self):
        """Let go of the finished game's engine state (and its bookkeeping: undo's checkpoints,
        the per-move lists) so that nothing this session holds keeps its engine's code alive
        (app.core lets the modules go); what is still read of it is kept as plain data in
        `last`. A game whose archive failed stays in the list waiting for the flash (its state
        is its only copy). True when a game was put away; False when none is finished."""
        self.settle()
        if self._state is None or not self.finished:
            return False
        kept = report_of(self)
        self._take_on(None, None, None, None)
        self.finished = True  # the session's game is still the one archived
        self.last = kept
        return True

    def record(self):
        """The game record (engine.play.replay rebuilds it) with names and bots."""
        doc = self._need_state().record()
        doc["names"] = self.names
        doc["bots"] = self.bots
        return doc

    # -- saving ---------------------------------------------------------------------------------
    def _need_state(self):
        self.settle()
        if self._state is None:
            raise ValueError("no game: call new_game() or resume() first")
        return self._state

    def document(self):
        """Everything resume needs, as one dict (the snapshot). Its "moves" is the state's own
        Moves, not a copy: the store writes them in pieces (store.container.Body)."""
        state = self._need_state()
        return {"v": _DOC_VERSION, "id": self.game_id, "game": self.game,
                "options": state.options, "names": self.names, "bots": self.bots,
                "moves": state.moves, "seq": self.seq, "redo": list(self._redo),
                "putback": list(self._putback), "floor": self._floor_round}

    def _save_op(self, op, arg):
        """Count one operation (act, undo, redo) and save it."""
        self.seq += 1
        store = self.store
        if store is None or self._quiet:
            return
        # The entry goes to the journal even when a snapshot follows: if that snapshot is ever
        # damaged, the previous snapshot plus this journal still reach this operation.
        due = self.unsaved  # after a failed save, a whole snapshot (the journal has a hole)
        if not due and self.game_id:  # a game on flash (its first snapshot may have failed)
            try:
                due = store.append(op, arg, self.seq)
                op = 0  # journaled
                if due and self.heavy_later:  # the entry stands on flash: catch_up() writes it
                    self.compaction_due = True
                    return
            except (OSError, MemoryError) as err:
                self._storage_error(err, "journal")
                due = True
        if due:
            self._save(op, arg)

    def work_due(self):
        """True while a heavy part of a move waits for catch_up() (heavy_later)."""
        return self.checkpoint_due or self.compaction_due

    def catch_up(self):
        """Do the next heavy part that waits (heavy_later): the round's checkpoint, else the
        snapshot the journal is due, if the game is still on the table; a failed snapshot is
        reported as any save, and tried again at the next operation."""
        self.settle()
        if self.checkpoint_due:
            if self._state is not None and not self.finished:
                self._checkpoint()
            self.checkpoint_due = False
            return
        if not self.compaction_due:
            return
        self.compaction_due = False
        if self._state is not None and not self.finished:
            self._save()

    def _save(self, op=0, arg=0):
        """Write the whole session as a snapshot (the first one starts the game on flash); True
        when a boot would resume it. op, arg: the operation just made when its journal entry is
        not on flash: a boot takes a snapshot only beside its last operation's entry
        (store.storage.journal_problem), so the entry follows the snapshot."""
        if self.store is None:
            return True
        if self._unarchived and self._archive_due(self.store) is None:
            return False  # a finished game's files are its only copy until it is in history
        try:
            doc = self.document()
            stands = self.store.snapshot(doc)
            self.game_id = doc["id"]
            if not stands and op:
                self.store.append(op, arg, self.seq)
                stands = True
        except (OSError, MemoryError) as err:  # a full flash, or no block for a buffer
            self._storage_error(err, "snapshot")
            return False
        if not stands:  # on flash, but a boot would go back to the journal without it
            self._storage_error(OSError(0), "snapshot")
            return False
        if self.unsaved:
            self.unsaved = False
            try:
                self._emit("storage", {"ok": True, "message": "saved again"})
            except MemoryError:  # the save stands; only its report is lost
                pass
        return True

    def _storage_error(self, err, where):
        """Report a save that failed (once, until one succeeds again); never raises a
        MemoryError itself: the game goes on in memory whatever the report costs."""
        if self.unsaved:
            return
        self.unsaved = True
        try:
            if isinstance(err, MemoryError):
                code = _ENOMEM
                trouble = "out of memory"
            else:
                code = err.args[0] if err.args else 0
                # littlefs reports a full metadata log with other codes than ENOSPC, e.g. 36
                trouble = "flash full" if code == _ENOSPC else "save failed (error %s)" % (code,)
            self._emit("storage", {"ok": False, "errno": code, "where": where,
                                   "message": (trouble + ": playing on in memory")[:80]})
        except MemoryError:  # not even the report fits: the next save that works says so
            pass

    # -- resume ---------------------------------------------------------------------------------
    def resume(self):
        """Restore the unfinished game from the store; see the module docstring for the report.
        The code that reads a saved game back (app.resume) runs once a boot: it is loaded for
        this call and let go after it."""
        from app.resume import resume

        try:
            return resume(self)
        finally:
            let_go("app.resume")
            let_go_readers()


def report_of(session):
    """The session's game as get_state sends it (the module docstring), or None without one."""
    state = session.state
    if state is None:
        return session.last
    snap = state.record(copy=False)
    snap["names"] = session.names
    if session.game_id:  # the game's id on the device, as its `game` event gave it
        snap["id"] = session.game_id
    snap["round"] = state.round
    snap["phase"] = state.phase_name()
    snap["to_act"] = state.current_player()
    snap["over"] = state.is_over()
    snap["standings"] = list(state.standings())
    snap["target"] = state.target()
    pot = state.pot()
    if pot is not None:  # games played for stakes
        snap["pot"] = pot
    return snap


def _history_doc(state, game, names, bots, abandoned):
    """The history document of a game: its record (GameState.record) with names, bots, finished,
    returns and rounds; "moves" is the state's own Moves, which the store writes in pieces."""
    return {"v": _RECORD_VERSION, "game": game, "options": state.options, "moves": state.moves,
            "names": names, "bots": bots, "finished": not abandoned,
            "returns": list(state.returns()), "rounds": state.round}
