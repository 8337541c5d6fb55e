"""What every game shares: the declared surface of a game state, the illegal-action error, the
record and replay, and the readers of options and saved states.

A game's engine is a module of its package, games.<game>.rules or .score (the games and their
modes are declared in games/__init__.py), with:
  GAME                    its registry name, written into records
  State(options=None)     a new game; bad options raise BadOptions naming the option
  normalize_options(o)    the options with every default filled in (BadOptions when wrong)
  from_dict(data)         a State back from to_dict(); BadRecord names the first wrong field

Every State keeps this whole surface (GameState below gives the defaults marked *; the app,
the protocol and the host tools call it directly, never probing; tests/portable/
test_game_interface.py checks every game keeps it with these types). In the manner of OpenSpiel:
  seats()            int: the number of seats at the table
  round              int attribute: the round (deal) being played, 0 before the first
  current_player()   int: a seat (0..seats()-1), CHANCE, TABLE or TERMINAL
  legal_actions()    list of ints: the actions (small ints) allowed now; at a chance node, its
                     outcomes
* is_legal(action)   bool: action in legal_actions(), faster where a game can say so
* why_illegal(action)  None when the action is legal now, else the reason as a tuple of ints
                     (code, args...): a REFUSE_* code below or the game's own (>= REFUSE_GAME),
                     worded by the app (games/<game>/words.py), which the engine never does
* table_actions()    list of ints: what anyone at the table may enter now whoever is to act
                     (Achéron's naming slips), so a display can offer it during a bot's turn
  apply(action)      checks, then plays one action or chance outcome (IllegalAction, state
                     unchanged, when it is not legal); the facts it caused are then in facts()
* facts()            what the last apply() made happen, for the table to be told: see below
* is_over()          bool
  returns()          list of ints, one a seat: what each seat won or lost (0s until the end)
  standings()        list of ints, one a seat: what the ring shows (circles left, points, ...)
  target()           int or None: the standing that ends the game, when there is one
  winners()          list of seats: the winners once the game is over (else empty)
* pot()              int or None: the stakes in the pot, for games played for stakes
* round_summary()    dict: what the table saw at the end of the round just played (its reveal),
                     for the "round" log event; {} when the game shows nothing more
  view(seat)         dict: what that seat may see (-1: what anyone at the table may see)
  to_dict()          dict: the whole state, JSON-able
* chance_count(), chance_outcome(index): the chance node's equally likely outcomes
* action_name(action), phase_name()  str: English names for logs and host tools, never shown
                     on the device (the app words what it shows)
* record()           dict: options and every move: rebuilds the game exactly (engine.play)
* ROUND_LOG          str class attribute: the name of the state's list that grows by entries
                     appended as rounds end and never changed once there (a scorekeeper's deals),
                     "" when none. to_dict and from_dict carry it like any field; undo's round
                     checkpoints (app.session) keep its length, not a copy of what the game has
                     logged, and give the rebuilt state the live list cut back to that length
A scorekeeper ("<game>_score": its entries are the table's, current_player() is TABLE) adds:
  entry_range()      (low, high): the numbers the table may enter now
  entry_seat()       the seat whose entry is asked, or -1
  extra_actions()    list of (action, label code): entries beyond the numbers (a penalty)
  prompt()           tuple of ints (code, args...): what is asked now, worded by the app

Facts ("a game's module describes what happened; the app owns the words"): apply() records each
thing the table may be told as a fact, a kind (the game's F_* constant, > 0) and up to three
int arguments, into a small preallocated array (no allocation a move). facts() returns
(array, count): fact i is array[4*i] (kind), array[4*i+1..3] (args). The app words them through
the game's words module (games/<game>/words.py) and logs them; a game that records none tells
nothing yet.

The record (options plus every action and chance outcome, in order) rebuilds a game exactly.
Subclasses implement _apply, legal_actions and optionally is_legal for speed.
"""

from array import array

from engine.compat import const

CHANCE = const(-1)  # the deck decides (shuffle, draw, drawing the first dealer)
TERMINAL = const(-2)  # nobody: the game is over
TABLE = const(-3)  # the whole table, through the device's buttons (e.g. marking the losers)

_RECORD_VERSION = const(1)

# Refusal codes every game may give (why_illegal); a game's own start at REFUSE_GAME.
REFUSE_OVER = const(1)  # the game is over
REFUSE_NOT_NOW = const(2)  # not one of the actions allowed now
REFUSE_NOT_INT = const(3)  # an action is a whole number
# A game that cannot be set up (BadOptions.why, worded by app.i18n.setup_refusal as the move
# refusals are): the option's name is an engine key, which the app words with its menu label.
REFUSE_OPTION = const(4)  # (option): a value the game does not take, or an option it does not know
REFUSE_OPTION_RANGE = const(5)  # (option, low, high): an integer option outside low..high
REFUSE_OPTIONS = const(6)  # the options as a whole (no object, a check with no code of its own)
REFUSE_GAME_DATA = const(7)  # a data file the game needs is missing or wrong (Acheron's deck)
REFUSE_SEATS = const(8)  # (given, seats): names or bots that are not one a seat
REFUSE_MISSING = const(9)  # the app's, for an ImportError: a module of the game is not on the board
REFUSE_FILE = const(10)  # (errno): the app's, for an OSError while setting up
REFUSE_GAME = const(16)
MAX_FACTS = const(12)  # facts one apply() may record: a card, the deal it ends (a line a seat), the game


class IllegalAction(ValueError):
    """Raised before anything changes; the message names what was legal instead. `why` is the
    reason (why_illegal's tuple of ints, or a sentence for checks outside the rules)."""

    def __init__(self, state, action, why: "tuple | str | None" = ""):
        self.action = action
        self.why = why
        self.legal = legal = state.legal_actions()
        names = []
        for a in legal[:12]:
            names.append(state.action_name(a))
        shown = ", ".join(names) or "none"
        if len(legal) > 12:
            shown += ", ... (%d in all)" % len(legal)
        super().__init__("illegal action %s (%s) for %s in phase %s%s; legal: %s" % (
            action, state.action_name(action), player_name(state.current_player()),
            state.phase_name(), (": %s" % (why,)) if why else "", shown))
        # super(): MicroPython has no ValueError.__init__ to call directly


class BadOptions(ValueError):
    """The game cannot be set up with these options: the message, in English, names the option
    and what it must be (for logs and host tools); `why` is the reason as a code (REFUSE_OPTION
    and the codes after it, or a game's own), for the device to word in the table's language."""

    def __init__(self, message, why: "tuple" = (REFUSE_OPTIONS,)):
        super().__init__(message)
        self.why = why


class BadRecord(ValueError):
    pass


def player_name(player):
    if TABLE <= player < 0:
        return ("the table", "nobody (game over)", "chance")[player - TABLE]  # TABLE, TERMINAL, CHANCE
    return "seat %d" % player


def _refused(error, what, wanted, value, *why):
    """The error saying what `what` must be and what it was: one message for options and saves;
    why, for options, the BadOptions code and its arguments."""
    message = "%s must be %s, got %r" % (what, wanted, value)
    return error(message, why) if why else error(message)


def option_int(options, key, default, low, high):
    """Read one integer option, refusing out-of-range values with a message that says why."""
    value = options.get(key, default)
    if type(value) is not int or value < low or value > high:  # type(): bools are refused
        raise _refused(BadOptions, "option " + key, "an integer from %d to %d" % (low, high), value,
                       REFUSE_OPTION_RANGE, key, low, high)
    return value


def option_bool(options, key, default):
    value = options.get(key, default)
    if value is not True and value is not False:
        raise _refused(BadOptions, "option " + key, "true or false", value, REFUSE_OPTION, key)
    return value


def option_choice(options, key, default, choices):
    value = options.get(key, default)
    if value not in choices:
        raise _refused(BadOptions, "option " + key, "one of " + ", ".join(choices), value, REFUSE_OPTION, key)
    return value


def check_known_options(options, known):
    if not isinstance(options, dict):
        raise _refused(BadOptions, "options", "a JSON object", options)
    for key in options:
        if key not in known:
            raise BadOptions("unknown option %r (known: %s)" % (key, ", ".join(sorted(known))), (REFUSE_OPTION, key))


# -- reading a state back (from_dict): each raises BadRecord naming the field ------------------
# type() rather than isinstance: a bool is refused where an int belongs, a float anywhere.
def read_int(data, key, low, high):
    value = data.get(key)
    if type(value) is not int or value < low or value > high:
        raise _refused(BadRecord, key, "an integer from %d to %d" % (low, high), value)
    return value


def read_ints(data, key, count, low, high):
    """A list of integers in low..high; count -1 for any length."""
    values = data.get(key)
    if type(values) is not list or (count >= 0 and len(values) != count):
        raise _refused(BadRecord, key, "a list of %s integers" % ("some" if count < 0 else count), values)
    for value in values:
        if type(value) is not int or value < low or value > high:
            raise BadRecord("%s holds %r, outside %d..%d" % (key, value, low, high))
    return list(values)


def read_int_lists(data, key, count, low, high):
    """A list of `count` lists of integers in low..high (a hand per seat, say); count -1 for any."""
    values = data.get(key)
    if type(values) is not list or (count >= 0 and len(values) != count):
        raise _refused(BadRecord, key, "a list of %s lists" % ("some" if count < 0 else count), values)
    return [read_ints({key: v}, key, -1, low, high) for v in values]


def read_bool(data, key):
    value = data.get(key)
    if value is not True and value is not False:
        raise _refused(BadRecord, key, "true or false", value)
    return value


def read_choice(data, key, choices):
    value = data.get(key)
    if type(value) is not str or value not in choices:
        raise _refused(BadRecord, key, "one of " + ", ".join(choices), value)
    return value


def read_object(data, key, keys):
    """A JSON object holding at least these keys (what it holds besides is ignored)."""
    value = data.get(key)
    if type(value) is not dict:
        raise _refused(BadRecord, key, "an object", value)
    for name in keys:
        if name not in value:
            raise BadRecord("%s has no %s" % (key, name))
    return value


def read_bools(data, key, count):
    values = data.get(key)
    if type(values) is list and len(values) == count:
        for value in values:
            if value is not True and value is not False:
                break
        else:
            return list(values)
    raise _refused(BadRecord, key, "a list of %d booleans" % count, values)


def check_distinct(key, values):
    for value in values:
        if values.count(value) > 1:
            raise BadRecord("%s holds %r twice" % (key, value))


def new_from(cls, data):
    """A fresh state of class cls from saved options and moves; the caller reads back the rest."""
    if type(data) is not dict:
        raise BadRecord("a %s state is a JSON object, got %s" % (cls.GAME, type(data).__name__))
    if data.get("game") != cls.GAME:
        raise BadRecord("not a %s state: game is %r" % (cls.GAME, data.get("game")))
    options = data.get("options")
    if type(options) is not dict:  # a record may leave options to their defaults, a state may not
        raise _refused(BadRecord, "options", "an object", options)
    problem = None
    try:
        state = cls(options)
    except BadOptions as err:
        problem = "bad options in state: %s" % err
    if problem:  # raised outside the except clause: MicroPython warns on exception chaining
        raise BadRecord(problem)
    state.moves = Moves("H", read_ints(data, "moves", -1, 0, 0xFFFF))
    return state


def bag_take(cards, at, size, card):
    """Remove card from the dense bag cards[:size], where at[c] is c's index; returns the new size.

    The last card fills the hole, so the bag stays dense and chance outcome i is cards[i]; the
    removed card moves just past the end.
    """
    i = at[card]
    last = size - 1
    moved = cards[last]
    cards[i] = moved
    at[moved] = i
    cards[last] = card
    at[card] = last
    return last


def bag_restore(cards, at, stock, size):
    """Refill the bag cards/at (see bag_take) of a deck of size cards from a saved stock, whose
    order is the order of its chance outcomes; the cards already out of it follow. Returns the
    bag's size, len(stock)."""
    order = list(stock)
    for c in range(size):
        if c not in stock:
            order.append(c)
    for i in range(size):
        cards[i] = order[i]
        at[order[i]] = i
    return len(stock)


_CHUNK_BITS = const(8)
_CHUNK = const(256)  # 1 << _CHUNK_BITS: the items of a Moves' block
_IN_CHUNK = const(255)
_ZEROS = bytes(2 * _CHUNK)  # a block of moves' start: copied, never changed


class Moves:
    """A game's moves (code "H": 2 bytes each), or another small int a move (code "B": 1 byte),
    kept in blocks of 256 items. An array grows 8 items at a time, each time into a new block of
    the whole size once the one after it is taken; late in a long game the board's fragmented
    heap has the bytes but no block that large (a 3,000-move Piccolo game's 6 KB array found
    none). A block here is 512 bytes at most (an array of "H", a bytearray for "B"), allocated
    whole when the one before is full.

    What the engines, the session and the writers use, as of a list: append(item), len(), an
    item (a negative index counts from the end), iteration; and between(start, stop), a list of
    the items from start to stop, clipped to the list (what a slice of non-negative bounds
    gives), and cut(count), which drops the items from count on and keeps the blocks for the
    moves played again (undo). No ==: two Moves are compared as lists (list(a) == list(b))."""

    def __init__(self, code="H", items=()):
        self._code = code
        self._chunks = []
        self._count = 0
        for item in items:
            self.append(item)

    def __len__(self):
        return self._count

    def append(self, item):
        count = self._count
        chunks = self._chunks
        if count >> _CHUNK_BITS == len(chunks):  # a new block, made from a shared one (no garbage)
            chunks.append(array("H", _ZEROS) if self._code == "H" else bytearray(_CHUNK))
        chunks[count >> _CHUNK_BITS][count & _IN_CHUNK] = item
        self._count = count + 1

    def __getitem__(self, index):
        count = self._count
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("move %d of %d" % (index, count))
        return self._chunks[index >> _CHUNK_BITS][index & _IN_CHUNK]

    def __iter__(self):
        chunks = self._chunks
        for index in range(self._count):
            yield chunks[index >> _CHUNK_BITS][index & _IN_CHUNK]

    def between(self, start, stop):
        chunks = self._chunks
        return [chunks[i >> _CHUNK_BITS][i & _IN_CHUNK] for i in range(max(start, 0), min(stop, self._count))]

    def cut(self, count):
        if 0 <= count < self._count:
            self._count = count


class GameState:
    """Base of every game's state. It owns the move list; games own the rest."""

    GAME = ""  # the registry name, written into records
    ROUND_LOG = ""  # the list attribute that only grows, a round at a time (the docstring)

    def __init__(self, options):
        self.options = options  # already normalised by the game
        self.moves = Moves()  # 2 bytes a move, in blocks: a long game stays small on the board
        self._facts = array("h", bytes(8 * MAX_FACTS))  # 4 shorts a fact, reused at every apply
        self._fact_count = 0

    # -- the declared surface (the module docstring) ----------------------------------------------
    def seats(self):
        raise NotImplementedError

    def current_player(self):
        raise NotImplementedError

    def legal_actions(self):
        raise NotImplementedError

    def is_legal(self, action):
        return action in self.legal_actions()

    def why_illegal(self, action):
        if type(action) is not int:
            return (REFUSE_NOT_INT,)
        if self.is_over():
            return (REFUSE_OVER,)
        return None if self.is_legal(action) else (REFUSE_NOT_NOW,)

    def table_actions(self):
        return []

    def is_over(self):
        return self.current_player() == TERMINAL

    def returns(self):
        raise NotImplementedError

    def standings(self):
        raise NotImplementedError

    def target(self):
        raise NotImplementedError

    def winners(self):
        raise NotImplementedError

    def pot(self):
        return None

    def round_summary(self):
        return {}

    def view(self, seat):
        raise NotImplementedError

    def to_dict(self):
        raise NotImplementedError

    def apply(self, action):
        # type() rather than isinstance: one test refuses floats, strings and bools alike
        if type(action) is not int or not self.is_legal(action):
            raise IllegalAction(self, action, self.why_illegal(action))
        self._fact_count = 0
        self._apply(action)
        self.moves.append(action)

    def _apply(self, action):
        raise NotImplementedError

    # -- facts ----------------------------------------------------------------------------------
    def tell(self, kind, a=0, b=0, c=0):
        """Record a fact of the move being applied (games call it from _apply)."""
        i = self._fact_count
        if i < MAX_FACTS:  # past it the oldest facts of the move are what the table needed
            facts = self._facts
            at = 4 * i
            facts[at] = kind
            facts[at + 1] = a
            facts[at + 2] = b
            facts[at + 3] = c
            self._fact_count = i + 1

    def facts(self):
        return self._facts, self._fact_count

    # -- chance ---------------------------------------------------------------------------------
    def chance_count(self):
        """How many equally likely outcomes the chance node has."""
        return len(self.legal_actions())

    def chance_outcome(self, index):
        return self.legal_actions()[index]

    # -- naming, for messages and displays -----------------------------------------------------
    def action_name(self, action):
        return str(action)

    def phase_name(self):
        return "?"

    # -- record --------------------------------------------------------------------------------
    def record(self, copy=True):
        """The record engine.play.replay rebuilds the game from. Its moves are a list, or with
        copy=False the state's own Moves, not to be changed: for a writer that streams them
        (proto.link: get_state's line), so that no copy grows with the game."""
        moves = list(self.moves) if copy else self.moves
        return {"v": _RECORD_VERSION, "game": self.GAME, "options": self.options, "moves": moves}


# The scorekeepers say why an entry is refused (why_illegal returns the reason, None when fine);
# these two are their is_legal and apply methods, hence `self`.
def entry_is_legal(self, action):
    return not self.why_illegal(action)


def apply_entry(self, action):
    why = self.why_illegal(action)
    if why:
        raise IllegalAction(self, action, why)
    self._fact_count = 0
    self._apply(action)
    self.moves.append(action)


class RandomBot:
    """Any legal action: the baseline a game's bots must beat, and a fuzzer for the tests."""

    name = "random"

    def choose(self, state, seat, rng):
        legal = state.legal_actions()
        return legal[rng.below(len(legal))]

