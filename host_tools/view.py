"""The live view of the game in the terminal: who is where, the pot, whose turn, the last events,
in the command's language (host_tools.lang, area "live").

Moves and what the table was told are worded as the device words them, in French or English:
the words modules of the board's own app (games.<game>.words: action_label, entry_label, tell)
with the device's card and contract names ("DCo", "misere" in French; "QH" in English), but
with each seat's whole name where the OLED cuts it to 7 characters. A move the device told
the table about (its "fact" events) shows as what it told; the deck's moves (cards dealt, drawn)
fold into one line that the next decision replaces, so they never push the players' decisions
off the few lines kept (LiveView).

Every string that came from the device goes through shown() before it reaches a terminal: a name
or a message holding an escape sequence must not be able to clear the screen, move the cursor or
retitle the window.
"""

import importlib
import re

from engine.core import CHANCE, TABLE, TERMINAL
from engine.play import replay
from games import new_state
from proto.wire import E_BAD_ARGS, E_BAD_LINE, E_CUT, E_FAILED, E_TOO_LONG, E_UNKNOWN

from host_tools.games import of_engine
from host_tools.lang import Messages, card_name

# the link's own errors: about the host's command lines, not the game
LINK_ERRORS = (E_BAD_ARGS, E_BAD_LINE, E_CUT, E_FAILED, E_TOO_LONG, E_UNKNOWN)
RECENT = 6  # event lines kept under the table


def _escape(char):
    code = ord(char)
    # control characters (C0, DEL, C1) and lone surrogates, which no terminal can be given
    if code < 0x20 or 0x7F <= code < 0xA0 or 0xD800 <= code < 0xE000:
        return "\\u%04x" % code
    return char


def shown(text):
    """text (str() of it) with every control character written as a visible \\uXXXX escape."""
    text = str(text)
    if text.isprintable() and text.isascii():
        return text
    return "".join(_escape(char) for char in text)


def default_name(seat):
    """A seat without a name: J1 to J8, as the device numbers them, in both languages (the score
    sheet and the replay say the same)."""
    return "J%d" % (seat + 1)


def seat_label(names, seat):
    """A seat by its whole name, else by its number (default_name)."""
    if names and 0 <= seat < len(names) and isinstance(names[seat], str) and names[seat]:
        return shown(names[seat])
    return default_name(seat)


def game_title(m, game):
    """The game's name for a person: "Piccolo", "Piccolo (scorekeeper)"."""
    played = of_engine(game)
    title = shown(game) if played is None else played.title  # the game's own name, in every language
    return m("scorekeeper", title=title) if str(game).endswith("_score") else title


_LIVE = {}  # the live area's words, by language, for move_words


def _live(lang):
    if lang not in _LIVE:
        _LIVE[lang] = Messages(lang, "live")
    return _LIVE[lang]


_WORD = re.compile(r"[A-Za-z]+")
_NAMED = re.compile("\x00(\\d+)\x00")  # a seat in device words being accented (_device_words)


def accented(lang, text):
    """The device's words (ASCII on its OLED) as the host writes them: with their accents in
    French (live_fr's ACCENT_PHRASES, then ACCENTS, word for word); as they are in English."""
    module = importlib.import_module("host_tools.messages.live_%s" % lang)
    for phrase, written in module.ACCENT_PHRASES.items():
        text = text.replace(phrase, written)
    accents = module.ACCENTS
    return _WORD.sub(lambda found: accents.get(found.group(), found.group()), text) if accents else text


def _device_words(lang, say, names):
    """say(label) worded by the device's words module with label(seat) naming a seat, accented
    (accented) without touching the players' names."""
    text = say(lambda seat: "\x00%d\x00" % seat)
    if text is None:
        return None
    return _NAMED.sub(lambda found: seat_label(names, int(found.group(1))), accented(lang, text))


def _game_words(game):
    """The device's words module of an engine ("piccolo_score" -> games.piccolo.words)."""
    from games import words_of as of

    return of(game)


def move_words(lang, state, game, move, names):
    """What a move does, said as the device says it in lang, seats by name; state is the game
    before the move. A card the deck deals is named as the device names it (a replay shows them;
    the live view does not). The engine's own action_name is English and names seats from 0."""
    m = _live(lang)
    phase = state.phase_name()
    if phase == "first-dealer" and 0 <= move < state.seats():  # the lot, whose outcome is a seat
        return m("dealer", name=seat_label(names, move))
    if phase == "mark-losers":  # Tanturlurette's table: LOSERS + a mask of seats
        mask = move - 256
        return m("lowest", names=", ".join(seat_label(names, s) for s in range(state.seats())
                                           if mask >> s & 1))
    if state.current_player() == CHANCE:  # a card dealt, drawn or turned up
        if str(game).startswith("acheron"):
            return state.card_name(move, lang)  # Achéron's own deck (games.acheron.deck)
        return card_name(lang, move)
    words = _game_words(game)
    if game.endswith("_score"):  # a scorekeeper: numbers entered, and a few named entries
        if move in state.extra_actions():
            return accented(lang, words.entry_label(lang, state, move))
        return m("entry", value=move)
    return accented(lang, words.action_label(lang, state, move))


def told_words(lang, state, game, kind, args, names):
    """What the device told the table for a fact (games.<game>.words.tell) in lang, each seat by its
    whole name; None when it cannot be said (a fact this host does not know, data that does not
    fit the game)."""
    words = _game_words(game)
    try:
        line = _device_words(lang, lambda label: words.tell(lang, state, kind, args[0], args[1], args[2], label),
                             names)
    except (ValueError, LookupError, TypeError, AttributeError):  # a line that does not fit the game
        return None
    return None if line is None else shown(line)


def _phase(m, state, names):
    phase = state.phase_name()
    if phase.startswith("tricks of seat "):  # the La Bourre scorekeeper's entry of a seat's tricks
        seat = int(phase.rsplit(" ", 1)[1])
        return m("phase tricks", name=seat_label(names, seat))
    key = "phase " + phase
    return m(key) if key in m.table else None


def public_lines(record, names=None, recent=(), m=None, state=None):
    """Lines describing the public state of a game record (no hidden card is shown), in m's
    language (default English); state: the record already replayed, if the caller has it."""
    m = m or Messages("en", "live")
    if state is None:
        try:
            state = replay(record)
        except Exception as err:  # a view must never stop the logger
            return [m("cannot_show", why=shown(err))]
    game = record.get("game")
    kind = str(game).split("_")[0]
    header = m("header_round" if kind == "tanturlurette" else "header_deal", title=game_title(m, game),
               round=state.round)
    if state.pot() is not None:
        header += m("header_pot", pot=state.pot())
    player = state.current_player()
    phase = _phase(m, state, names) if player >= 0 else None  # the deck, the table, the end: said below
    if phase:
        header += " · " + phase
    lines = [header]
    standings = list(state.standings())
    labels = [seat_label(names, seat) for seat in range(len(standings))]
    width = max([len(label) for label in labels] + [4])  # whole names, in one column
    for seat in range(len(standings)):
        mark = "▶" if seat == player else " "
        line = "%s %s %3s" % (mark, labels[seat] + " " * (width - len(labels[seat])), standings[seat])
        if "pos" in state.round_summary():  # a game on the target: its tokens
            circles = state.circles
            pos = state.pos[seat]
            track = "●" * pos + "○" * (circles - pos)
            line += "  %s  %s" % (track, m("stakes", stakes=state.stakes[seat]))
            if state.out[seat]:
                line += "  " + m("seat_out")
        lines.append(line)
    if player == TERMINAL:
        winners = [labels[s] for s, r in enumerate(state.returns()) if r > 0]
        lines.append(m("game_won", winners=", ".join(winners)) if winners else m("game_over"))
    elif player == CHANCE:
        lines.append(m("dealing"))
    elif player == TABLE:
        lines.append(m("table_marks"))
    for text in recent:
        lines.append("  " + text)
    return lines


class LiveView:
    """The event lines under the live table, and the engine state they are worded with.

    add(event, record, names) takes each checked event as the tracker has just fed it (record:
    the tracker's record after it) and keeps the last RECENT lines in `recent`:
      - a player's move: "#12 Bertrand: keep"; the facts the device tells about it replace that
        line ("#12 Bertrand keeps") and add the rest below it, so a move is said once;
      - the deck's moves: one line, "#4–19 the deck deals (16 moves)", replaced by the next line
        of another kind (it names no card: nothing is lost);
      - a re-entry or an elimination is said by its move and its facts, not a third time;
      - the protocol's own lines (answers, screen changes, refused commands) are not lines.
    add returns True when it added or changed a line.
    """

    def __init__(self, lang):
        self.m = Messages(lang, "live")
        self.lang = lang
        self.recent = []
        self._deck = None  # (first move, last move) of the deck line ending `recent`, or None
        self._told = None  # [move, where its line is in recent, True once a fact replaced it]
        self._key = None  # (game, options, moves) the cached state has applied
        self._state = None

    # -- the engine state -----------------------------------------------------------------------
    def state_at(self, record, count):
        """The game after its first `count` moves (the cached state, moved on where it can be);
        None when the record does not replay."""
        game, options = record.get("game"), record.get("options")
        moves = list(record.get("moves") or [])[:count]
        key = self._key
        try:
            if key is None or key[0] != game or key[1] != options or key[2] != moves[:len(key[2])]:
                self._state = new_state(game, options)
                done = []
            else:
                done = key[2]
            for move in moves[len(done):]:
                self._state.apply(move)
        except Exception:  # a record the engine refuses: the view goes without the words
            self._key = self._state = None
            return None
        self._key = (game, options, moves)
        return self._state

    # -- the lines ------------------------------------------------------------------------------
    def _put(self, line, at=None):
        """Line replaces recent[at], or is inserted at `at` = len(recent) (the end); only the
        last RECENT lines are kept."""
        recent = self.recent
        if at is not None and at < len(recent):
            recent[at] = line
            return True
        recent.append(line)
        over = len(recent) - RECENT
        if over > 0:
            del recent[:over]
            if self._told is not None:
                self._told[1] -= over
                if self._told[1] < 0:
                    self._told = None
        return True

    def _last(self):
        return len(self.recent) - 1 if self.recent else None

    def add(self, event, record, names):
        kind = event.get("type")
        data = event.get("data") or {}
        m = self.m
        if kind == "act":
            return self._act(data, record, names)
        if kind == "fact":
            return self._fact(data, record, names)
        if kind in ("elim", "reenter"):
            return False  # its move and the facts told with it say it
        line = None
        if kind == "game":
            line = m("new_game", title=game_title(m, data.get("game")))
        elif kind == "round":
            tanturlurette = str(record.get("game")).startswith("tanturlurette")
            line = m("round_begins" if tanturlurette else "deal_begins", round=data.get("round", 0))
        elif kind in ("undo", "redo"):
            count = data.get("moves", 0)
            line = m(kind + "_one") if count == 1 else m(kind + "_many", moves=count)
        elif kind == "over":
            line = m("game_over")
        elif kind == "boot":
            line = m("restarted_resumed" if (data.get("resume") or {}).get("resumed") else "restarted")
        elif kind == "storage":
            line = m("saves_again") if data.get("ok") else m("cannot_save", message=shown(data.get("message")))
        elif kind == "error" and data.get("code") not in LINK_ERRORS and data.get("id") is None:
            line = m("device_says", message=self._refusal(data, record))  # the app's own (an illegal move...)
        if line is None:
            return False
        if kind in ("game", "undo", "redo", "boot"):
            self._told = None  # facts after these tell of no move before them
        at = self._last() if self._deck is not None else None
        self._deck = None
        return self._put(line, at)

    def _act(self, data, record, names):
        m = self.m
        index = data.get("move", 0)
        player = data.get("player")
        deck = self._deck
        at = self._last() if deck is not None else None  # the deck line gives way to this one
        if player == CHANCE:  # a card dealt or drawn: whose hand it went to is nobody else's business
            first = deck[0] if deck is not None else index
            self._deck = (first, index)
            line = m("deck_one", move=index) if first == index else \
                m("deck_many", first=first, last=index, count=index - first + 1)
        else:
            state = self.state_at(record, index)
            if player == TABLE:
                who = m("the_table")
            else:
                who = seat_label(names, player) if isinstance(player, int) and player >= 0 else "?"
            what = None
            if state is not None and state.current_player() == player:
                try:
                    what = move_words(self.lang, state, record.get("game"), data.get("action"), names)
                except (ValueError, LookupError, TypeError, AttributeError):
                    what = None
            if what is None:  # the engine cannot say it here: the move's number is all there is
                what = str(data.get("action"))
            self._deck = None
            line = m("move", move=index, who=who, what=shown(what))
        self._put(line, at)
        self._told = [index, self._last(), False]
        return True

    def _fact(self, data, record, names):
        state = self.state_at(record, len(record.get("moves") or []))
        if state is None or not record.get("game"):
            return False
        text = told_words(self.lang, state, record["game"], data.get("kind"), data.get("args") or [0, 0, 0],
                          names)
        if text is None:
            return False
        m = self.m
        told = self._told
        if told is None:  # no move of this view to tell it under
            return self._put(m("told_more", text=text))
        move, where, replaced = told
        if not replaced:  # the move's first fact says the move: it takes its line
            self._deck = None
            told[2] = True
            return self._put(m("told", move=move, text=text), where)
        told[1] = where + 1  # the move's next facts follow it, before what came after
        self.recent.insert(where + 1, m("told_more", text=text))
        over = len(self.recent) - RECENT
        if over > 0:
            del self.recent[:over]
            told[1] -= over
            if told[1] < 0:
                self._told = None
        return True

    def _refusal(self, data, record):
        """A refused move in the view's words (the device's own, from its code); else the
        device's message as it sent it."""
        why = data.get("why")
        if why and record.get("game"):
            try:
                return shown(accented(self.lang, _game_words(record["game"]).refusal(self.lang, tuple(why))))
            except (ValueError, LookupError, TypeError, AttributeError):
                pass
        return shown(data.get("message"))
