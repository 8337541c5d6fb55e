"""The application core: button events and a clock in; ring frame, OLED text, sounds, log out.

The same object runs on the ESP32 and in the simulator. The loop (app.loop) feeds it debounced
events (handle), lets time pass (tick), and asks for the frame (render); it pushes `frame` to the
LEDs when render() says it changed, and `text` to the OLED when `text_version` moved.

Steady state allocates nothing: a cursor move only changes integers and marks the text dirty;
render() rebuilds the text only when it is dirty and paints the frame into preallocated buffers.
The modes (app/modes/base.py documents their API) do the rest.
"""

from engine.compat import const
from engine.core import TABLE, IllegalAction
from engine.rng import Rng
from games import of_engine, words_of

from app.board import Board, set_led
from app.buttons import BACK, DOWN, LONG, UP, event_button, event_kind
from app.clock import ticks_add, ticks_diff
from app.colours import WHITE
from app.cues import CUE_ACT, CUE_CLICK, CUE_ERROR, CUE_UNDO, NO_CUE
from app.i18n import fit, seat_name, tr, wrap
from app.memory import let_go, let_go_games, let_go_readers, load
from app.modes.base import Mode, Unchanged
from app.ring import RingLayout
from app.session import Session
from app.settings import FILE as MENU_FILE
from app.settings import checked as checked_memory
from app.settings import load as load_memory
from app.settings import remember as remember_settings
from app.settings import save as save_memory

_SOUND_QUEUE = const(8)
EVENT_QUEUE = const(48)  # log events kept for the link; the oldest go first when nobody reads
_NOTICE_MS = const(2500)
_RESUME_MS = const(1500)
# Beside the saves: the first-boot self-test has run on this device (its result, as JSON).
SELFTEST_MARKER = "selftest.json"
_REDO = const(1)  # App.redoing: the redo asked is still to do
_REDO_BOTS = const(2)  # done: the bots' decisions the undo took are redone while a bot is to act
_CHORD = const(3)  # KEEP (bit 0) and SWAP (bit 1) held together: the menu on 3-button builds
_ENOSPC = const(28)  # a storage event's errno: the flash is full
_ENOMEM = const(12)  # the errno a storage event gives a MemoryError
MENUS = "app.modes.menu"  # the setup menu and the game menu: loaded only while one of them shows
LIFECYCLE = "app.lifecycle"  # a game's start and finish: loaded only while one is under way


def _seed(clock):
    try:
        import os

        return int.from_bytes(os.urandom(4), "little")
    except (ImportError, AttributeError, OSError):
        return clock.ticks_ms()  # Rng replaces a zero seed


class App:
    """first_boot_selftest: run the self-test at boot when nothing resumes and the session's
    store holds no self-test marker yet (the board; without a store it never runs by itself)."""

    def __init__(self, config, clock, session=None, first_boot_selftest=True):
        self.config = config
        self.clock = clock
        self.lang = config["language"]  # app.config made it one of i18n.LANGS
        self.layout = RingLayout(config.get("leds"))
        self.board = Board(self.layout)
        self.frame = self.layout.new_frame()
        self._blank = bytes(len(self.frame))
        self._last = bytearray(len(self.frame))
        self._rendered = False
        self.text = []
        self.text_version = 0
        self.text_shown = -1  # the version the loop last pushed to the display
        self._text_dirty = True
        self._sounds = bytearray(_SOUND_QUEUE)  # the queued cues, oldest first
        self._sound_count = 0
        self._events = []
        self.dropped_events = 0
        self.rng = Rng(_seed(clock))
        self.session = session if session is not None else Session()
        self.session.on_event = self._session_event
        self.session.heavy_later = True  # a round's checkpoint, a snapshot: a turn each of their own (tick)
        self._keys_handled = False  # handle() ran since the last tick: the same loop turn
        self._held = 0  # buttons down now, from DOWN/UP events
        self._swallow = 0  # buttons whose events belong to a chord until their next DOWN
        self._named = None  # the session's names that _cut_names cut (seat_label)
        self._cut_names = []
        self.notice = None  # lines shown above the mode's for NOTICE_MS
        self._notice_until = 0
        self.mode = Mode(self)  # replaced by boot(): the setup menu or the resumed game
        self._resuming = False  # a sweep round the outer ring says a game was resumed
        self._resume_start = 0
        self.first_boot_selftest = first_boot_selftest
        # a game starting (begin_game) or ending (finish_game), a part a loop turn: app.lifecycle,
        # imported for it (LIFECYCLE)
        self.passage = None
        # an undo under way (undo()): the session's replay, a slice a loop turn, then the bots'
        # decisions taken back too; a redo (redo()): the one asked, then the bots' a loop turn
        # each (_REDO, _REDO_BOTS); meanwhile the keys wait in the debouncer (busy())
        self.undoing = False
        self.redoing = 0
        self.to_remember = None  # the started game's settings, noted for the menu the next turn
        # checked game -> why it cannot start (None: it can), judged by the first setup menu that
        # shows it and kept until the next boot: its data file changes only by a deploy, which
        # resets the board, and judging it again after each game would read the file in the
        # turn that lets go of the game's code (app.modes.menu.SetupMenu.problem)
        self.game_problems = {}
        self.boot(clock.ticks_ms())

    # -- boot and modes -------------------------------------------------------------------------
    def boot(self, now):
        self._load_menu_memory()
        report = None
        try:
            report = self.session.resume()
        except Exception as err:  # nothing on flash may stop a boot; the session says what it dropped
            self.log_error("resume failed: %s" % err)
        payload = {"lang": self.lang, "leds": self.layout.num_leds}
        if report is not None:
            payload["resume"] = {"resumed": report["resumed"], "game": report["game"],
                                 "round": report["round"], "discarded": report["discarded"]}
        self.log("boot", payload)
        if report is not None and report["resumed"]:
            try:
                self.switch(self.play_mode(), now)
            except Exception as err:  # a game this firmware cannot show: the menu, save kept
                self.log_error("cannot show the saved game: %s" % err)
                self.to_setup(now)
                return
            self._resume_start = now
            self._resuming = True
        elif self.first_boot_selftest and self.selftest_due():
            self.start_selftest(now)
        else:
            self.to_setup(now)
        if report is not None:  # what the resume found, in the device's language
            lang = self.lang
            if report["resumed"]:
                lines = [tr(lang, "resumed"), str(report["game"]), tr(lang, "round_only") % report["round"]]
            else:
                lines = [tr(lang, "not_resumed")]
            if report["discarded"]:
                lines.append(tr(lang, "dropped") % len(report["discarded"]))
            self.notify(lines, now)

    def switch(self, mode, now):
        """Make `mode` current. A game's mode (a game started or resumed, or the game menu
        closed) lets go of the menus' code (MENUS): nothing of a game holds it, and the game menu
        (open_menu) or the setup menu (to_setup) imports it again when it opens."""
        self.mode = mode
        mode.enter(now)
        self.touch()
        if mode.in_game:
            let_go(MENUS)
            self.log("state", self.snapshot())

    def to_setup(self, now):
        """The setup menu. A finished game is put away first (Session.put_away keeps what the
        protocol still reports of it as plain data) and every game's code is let go with it: the
        next game's first turn carries none of the last one. The menus' code (MENUS), let go
        while the game played, is imported again here."""
        from app.modes.menu import SetupMenu

        if self.session.put_away():
            let_go_games()
        self.switch(SetupMenu(self), now)

    # -- the setup menu's memory (app.settings) -------------------------------------------------
    def _load_menu_memory(self):
        self.menu_memory = checked_memory({})
        store = self.session.store
        if store is None:
            return
        try:
            self.menu_memory = load_memory(store.files, store.root_dir + MENU_FILE)
        except Exception as err:  # a damaged file, an unreadable flash: the menu starts afresh
            self.log_error("menu settings dropped: %s" % err)
        let_go_readers()  # a game playing writes files and never reads one (app.memory)

    def note_setup(self):
        """The turn after a game shows (or sooner, when it ends at once: finish_game): the
        settings it was started with (to_remember: app.settings.remember's game, mode, players,
        humans, options, level), for the menu next time, and on flash for after a restart."""
        remember = self.to_remember
        if remember is None:
            return
        self.to_remember = None
        remember_settings(self.menu_memory, *remember)
        store = self.session.store
        if store is None:
            return
        try:
            save_memory(store.files, store.root_dir + MENU_FILE, self.menu_memory)
        except Exception as err:  # a full or failing flash (or no memory): the game still starts
            self.log_error("cannot note the menu settings: %s" % err)

    # -- the self-test --------------------------------------------------------------------------
    def selftest_marker(self):
        """The path of the self-test marker beside the saves, or None without a store."""
        store = self.session.store
        return None if store is None else store.root_dir + SELFTEST_MARKER

    def selftest_due(self):
        """True on a device with a store that has never finished its self-test."""
        store = self.session.store
        return store is not None and not store.files.exists(self.selftest_marker())

    def start_selftest(self, now, back_to=None):
        """The self-test (app.modes.selftest); when it ends, back_to or the setup menu, the marker
        says it has run (so the next boot goes straight to the menu) and its code is let go."""
        from app.modes.selftest import SelfTestMode

        self.switch(SelfTestMode(self, back_to, self._selftest_done), now)

    def _selftest_done(self, result):
        # its code is let go once it has run (it is imported again if the menu runs it again)
        let_go("app.modes.selftest")
        store = self.session.store
        if store is None:
            return
        import json

        try:
            store.files.write_atomic(self.selftest_marker(), json.dumps(result).encode())
        except Exception as err:  # a full or broken flash: the test runs again at the next boot
            self.log_error("cannot note the self-test: %s" % err)

    def play_mode(self):
        """The mode that plays the session's game: the screen its descriptor names."""
        _game, mode = of_engine(self.session.game)
        if mode is None:
            raise ValueError("no descriptor plays %s" % self.session.game)
        cut = mode.screen.rfind(".")
        module = load(mode.screen[:cut])
        return getattr(module, mode.screen[cut + 1:])(self)  # a declared name, not a probe

    def begin_game(self, game, options, bots, remember, now):
        """Play in the setup menu: the start spread over four loop turns, six for a game with
        a data file (a `checked` one: Achéron's deck, read before its code loads), an
        app.lifecycle.GameStart (its steps say what each turn does). This one lets go of every
        other game's code and of the last game's result, and the GameStart loads this game's
        (app.lifecycle.load_game); the turn
        after the game shows notes its settings for the menu (remember: note_setup) and the
        game's own tick plays on (its first deal). A game that cannot start says why when it is
        made, as start_game does."""
        self.session.last = None  # in the history already; the next game is on its way
        let_go_games(game)
        from app.lifecycle import GameStart

        self.passage = GameStart(self, game, options, bots, remember)

    def start_game(self, game, options, bots, now):
        """Begin a game (bots: a bot name or None per seat) and show it, in one call; False
        after showing why it cannot (app.lifecycle.make_game)."""
        from app.lifecycle import make_game

        let_go(LIFECYCLE)  # the start's code is loaded only while a start is under way
        if make_game(self, game, options, bots, now) is not None:
            return False
        self.show_game(game, now)
        return True

    def show_game(self, game, now, remember=None):
        """The new game's screen; remember: its settings, noted the next turn (note_setup)."""
        let_go_games(game)  # another game's code, loaded by the menu's check or resumed
        self.switch(self.play_mode(), now)
        self.to_remember = remember

    def finish_game(self, now):
        """Past the result (or New game confirmed): the game is archived now, put away at the
        next loop turn (its state and its code let go, the screen Unchanged) and the setup menu
        opens at the one after (an app.lifecycle.GameFinish), so that no turn holds the game's
        code, garbage once let go but collected only between turns, with the menu's code and
        screen. Until then the screen stays and the buttons go to no mode."""
        from app.lifecycle import GameFinish

        self.passage = GameFinish(self)

    def put_away_game(self, now):
        """finish_game's middle turn: the finished game leaves the heap, its screen stays."""
        if self.session.put_away():
            let_go_games()
        self.switch(Unchanged(self, self._last, self.text), now)

    def open_menu(self, now):
        """Long BACK (or the chord): the game menu over a game, its code imported for it (the
        turn it opens; switch lets it go when the game shows again); from a mode another opened
        (the game menu), back to that one."""
        mode = self.mode
        if mode.in_game:
            from app.modes.menu import GameMenu

            self.switch(GameMenu(self, mode), now)
        elif mode.back_to is not None:
            self.switch(mode.back_to, now)

    def words(self):
        """The words module of the game being played (games.<game>.words)."""
        return words_of(self.session.game)

    def is_human(self, seat):
        bots = self.session.bots
        return bots is None or seat >= len(bots) or bots[seat] is None

    # -- input ----------------------------------------------------------------------------------
    def handle(self, event, now):
        """One debounced event; True when something visible changed."""
        self._keys_handled = True  # a move they make leaves its heavy parts to the next turn
        button = event_button(event)
        kind = event_kind(event)
        bit = 1 << button
        if kind == DOWN:
            self._held |= bit
            self._swallow &= ~bit
            if bit & _CHORD and self._held & _CHORD == _CHORD:
                self._swallow |= _CHORD
                self.open_menu(now)
                return True
        elif kind == UP:
            self._held &= ~bit
        if self._swallow & bit:
            return False
        if self.passage is not None:  # a game starting, or ended: its turns first
            return False
        if kind == LONG and button == BACK:
            self.open_menu(now)
            return True
        return self.mode.handle(event, now)

    def busy(self):
        """True while an undo is under way: app.loop leaves the keys in the debouncer (pressed
        meanwhile, they are handled in order once it is over) and the mode is neither ticked
        nor drawn, as the game it shows is being rebuilt."""
        return self.undoing or self.redoing != 0

    def holds_keys(self):
        """True while app.loop leaves the keys in the debouncer, for the turn after: an undo
        under way (busy), or a round's checkpoint or a snapshot due (Session.heavy_later), which
        tick makes in a turn of its own before a key can make a move (a deal's end) in the same
        turn."""
        return self.busy() or self.session.work_due()

    def held(self):
        """True while a button is down (from its DOWN to its UP event)."""
        return self._held != 0

    def heavy_ahead(self):
        """True while a game's start or finish or an undo is under way, or a round's checkpoint
        or a snapshot is due: parts a loop turn, each some KB of that turn's heap. app.loop
        then has the link start no host command until it is over (proto.link.Link.poll's
        app_ahead), and tick leaves them while one runs."""
        return self.passage is not None or self.holds_keys()

    def tick(self, now, hosting=False):
        """Time passing: the notice's end, a game's start or finish a part a turn, an undo a
        slice a turn, else the mode's own (a bot's move). hosting: a host's command is under
        way, its code and page in the heap (proto.link.Link.working): all of it but the notice
        waits for the command's end (app.loop), a bot's move (a deal's end: some KB of facts and
        a checkpoint) as the parts heavy_ahead() names, before which no other command starts."""
        changed = False
        if self.notice is not None and ticks_diff(now, self._notice_until) >= 0:
            self.notice = None
            self.touch()
            changed = True
        keys_handled = self._keys_handled
        self._keys_handled = False
        if hosting:
            return changed
        passage = self.passage
        if passage is not None:  # a game's start or finish, a part a turn (app.lifecycle)
            changed = passage.turn(self, now) or changed
            if self.passage is None:  # its last turn: its code goes until the next one
                let_go(LIFECYCLE)
            return changed
        if self.busy():
            return self._undo_turn(now) or changed
        session = self.session
        if session.work_due():  # a checkpoint or a snapshot alone in a turn: the mode ticks later
            if not keys_handled:  # else a key's move made it due in this turn: the next one
                session.catch_up()
            return changed
        self.note_setup()
        return self.mode.tick(now) or changed

    # -- acting on the game -----------------------------------------------------------------------
    def act(self, action, now=None):
        """Apply an action through the session; False after showing the refusal."""
        try:
            self.session.act(action)
        except IllegalAction as err:
            self.show_error(self.words().refusal(self.lang, err.why), now)
            return False
        self._tell_facts()
        self.touch()
        return True

    def _tell_facts(self):
        """What the move made happen (the engine's facts, engine/core.py), worded by the game's
        words module: each logged as a "fact" event (with its English words) and handed to the
        mode, which shows it (Mode.told) and lights the seat it puts forward (Mode.light)."""
        state = self.session.state
        facts, count = state.facts()
        if not count:
            return
        words = self.words()
        lang = self.lang
        label = self.seat_label
        english_label = self.english_label  # one bound method for every fact, not one each
        for i in range(count):
            at = 4 * i
            kind = facts[at]
            a = facts[at + 1]
            b = facts[at + 2]
            c = facts[at + 3]
            line = words.tell(lang, state, kind, a, b, c, label)
            if line is None:  # a fact the game's words do not tell yet
                continue
            english = line if lang == "en" else words.tell("en", state, kind, a, b, c, english_label)
            self.log("fact", {"kind": kind, "args": [a, b, c], "text": english})
            now = self.clock.ticks_ms()
            self.mode.told(line, kind, now=now)
            seat = words.lit_seat(kind, a, b, c)
            if seat >= 0:
                self.mode.light(seat, now)

    def seat_label(self, seat, lang=None):
        """A seat as a person reads it: the name the host gave (cut to 7), else J1.. / P1..
        Naming a seat allocates nothing: the names are cut once for the list the session holds
        (Session.set_names replaces it, never changes it in place)."""
        names = self.session.names
        if names and 0 <= seat < len(names) and names[seat]:
            if names is not self._named:
                self._cut_names = [name[:7] if name else name for name in names]
                self._named = names
            return self._cut_names[seat]
        return seat_name(lang or self.lang, seat)

    def english_label(self, seat):
        return self.seat_label(seat, "en")

    def undo(self, now):
        """Take back decisions until a human (or the table) is to choose again: the session's
        undo replays a round's moves, a slice a loop turn (_undo_turn), so that no turn needs a
        round's garbage; the notice says it meanwhile."""
        session = self.session
        if not self.mode.in_game or session.state is None or not session.undo(True):
            self._tell(CUE_ERROR, "nothing_undo", now)
            return False
        self.undoing = True
        self._tell(CUE_UNDO, "undone", now)
        return True

    def _undo_turn(self, now):
        """A loop turn of an undo: a slice of the session's replay, else the next undo while a
        bot is to act, else the end: the mode is put back in step with the game."""
        session = self.session
        if session.rebuilding is not None:
            session.advance()
            return False
        player = session.state.current_player()
        bot = player >= 0 and not self.is_human(player)
        if self.redoing == _REDO or (self.redoing and bot and session.can_redo()):
            self.redoing = _REDO_BOTS
            session.redo()
            return False
        if self.undoing and (bot or player < 0 and player != TABLE) and session.can_undo():
            session.undo(True)
            return False
        self.undoing = False
        self.redoing = 0
        self.mode.resync(now)
        self.touch()
        return True

    def redo(self, now):
        """Put back what the undo took, the bots' decisions after it too: a redo a loop turn
        (_undo_turn), as each may end a round (its checkpoint)."""
        session = self.session
        if session.state is None or not session.can_redo():
            self._tell(CUE_ERROR, "nothing_redo", now)
            return False
        self.redoing = _REDO
        self._tell(CUE_ACT, "redone", now)
        return True

    def _tell(self, cue, key, now):
        """A sound cue and a one-line notice (an i18n key)."""
        self.sound(cue)
        self.notify([tr(self.lang, key)], now)

    # -- output ---------------------------------------------------------------------------------
    def moved(self):
        """A cursor or a value moved: a click, and the text to rebuild. Returns True (changed)."""
        self.sound(CUE_CLICK)
        self._text_dirty = True
        return True

    def touch(self):
        """The OLED text must be rebuilt at the next render (no allocation here)."""
        self._text_dirty = True

    def notify(self, lines, now=None):
        if now is None:
            now = self.clock.ticks_ms()
        self.notice = lines
        self._notice_until = ticks_add(now, _NOTICE_MS)
        self.touch()

    def show_error(self, message, now=None):
        """The error cue and a notice: "Erreur" then the message, a sentence in the table's
        language (a refusal's words, app.i18n), wrapped into three lines without cutting a word."""
        self.sound(CUE_ERROR)
        self.notify([tr(self.lang, "error")] + wrap(message, 3), now)

    def render(self, now):
        """Paint the frame (and rebuild the text if dirty); True when the frame changed. While
        an undo is under way the frame stays and the text is the notice alone (busy())."""
        if self._text_dirty:
            self._refresh_text()
        if self.busy():
            return False
        frame = self.frame
        frame[:] = self._blank
        self.mode.draw(frame, now)
        if self._resuming:  # two turns of a white dot round the outer ring, over the game
            t = ticks_diff(now, self._resume_start)
            if 0 <= t < _RESUME_MS:
                set_led(frame, self.layout.index(0, t * 2 * self.layout.ring_sizes[0] // _RESUME_MS), WHITE)
            else:
                self._resuming = False
        if self._rendered and frame == self._last:
            return False
        self._last[:] = frame
        self._rendered = True
        return True

    def _refresh_text(self):
        self._text_dirty = False
        shown = self.notice or []
        if not self.busy():  # the mode's lines read the game, which is being rebuilt
            shown = shown + self.mode.lines()
        lines = [fit(line) for line in shown[:8]]
        if lines != self.text:
            self.text = lines
            self.text_version += 1

    def sound(self, cue):
        count = self._sound_count
        if count < _SOUND_QUEUE:  # else a burst of cues: the newest are the least useful
            self._sounds[count] = cue
            self._sound_count = count + 1

    def pop_sound(self):
        count = self._sound_count
        if not count:
            return NO_CUE
        sounds = self._sounds
        cue = sounds[0]
        for i in range(1, count):  # a few bytes: shifting them costs less than a ring's head
            sounds[i - 1] = sounds[i]
        self._sound_count = count - 1
        return cue

    def _session_event(self, kind, payload):
        """The session's events go to the log; a save the flash refused (once, until one works
        again) and the first that works again are said on the OLED too, in the table's language,
        while the event keeps the English."""
        self.log(kind, payload)
        if kind != "storage":
            return
        lang = self.lang
        if payload["ok"]:
            lines = [tr(lang, "saved_again")]
        else:
            code = payload["errno"]
            if code == _ENOSPC:
                first = tr(lang, "flash_full")
            elif code == _ENOMEM:
                first = tr(lang, "out_of_memory")
            else:
                first = tr(lang, "flash_error") % (code if type(code) is int else 0)
            lines = [first, tr(lang, "goes_on")]
        self.notify(lines)

    def log_error(self, message):
        """An "error" log event, its message cut to fit a serial line."""
        self.log("error", {"message": message[:160]})

    def log(self, kind, payload):
        events = self._events
        if len(events) >= EVENT_QUEUE:
            events.pop(0)
            self.dropped_events += 1
        events.append((kind, payload))

    def pop_event(self):
        return self._events.pop(0) if self._events else None

    def snapshot(self):
        """What the device shows now, for the "state" log event and the protocol."""
        session = self.session
        state = session.state
        if self._text_dirty:
            self._refresh_text()
        snap = {"mode": self.mode.__class__.__name__, "text": list(self.text)}
        if state is not None:
            snap["game"] = session.game
            snap["round"] = state.round
            snap["to_act"] = state.current_player()
            snap["standings"] = list(state.standings())
            snap["moves"] = len(state.moves)
        elif session.last is not None:  # a finished game put away: what was kept of it
            last = session.last
            snap["game"] = last["game"]
            snap["round"] = last["round"]
            snap["to_act"] = last["to_act"]
            snap["standings"] = list(last["standings"])
            snap["moves"] = len(last["moves"])
        return snap

