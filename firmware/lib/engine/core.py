"""What every game shares: the player ids, the illegal-action error, the record and replay.

A game is a state machine in the manner of OpenSpiel:
  current_player()  a seat (0..n-1), CHANCE, TABLE or TERMINAL
  legal_actions()   the actions (small ints) allowed now; at a chance node, its outcomes
  table_actions()   what anyone at the table may enter now whoever is to act (Achéron's naming
                    slips), so a display can offer it during a bot's turn; in legal_actions() too
  apply(action)     checks, then plays one action or chance outcome
  is_over()         whether the game has ended
  returns()         what each seat won or lost, in stakes

The record (options plus every action and chance outcome, in order) rebuilds a game exactly.
Subclasses implement _apply, legal_actions and optionally is_legal for speed.
"""

from array import array

from engine.compat import const

CHANCE = const(-1)  # the deck decides (shuffle, draw, drawing the first dealer)
TERMINAL = const(-2)  # nobody: the game is over
TABLE = const(-3)  # the whole table, through the device's buttons (e.g. marking the losers)

_RECORD_VERSION = const(1)


class IllegalAction(ValueError):
    """Raised before anything changes; the message names what was legal instead."""

    def __init__(self, state, action, why=""):
        self.action = action
        self.legal = legal = state.legal_actions()
        names = []
        for a in legal[:12]:
            names.append(state.action_name(a))
        shown = ", ".join(names) or "none"
        if len(legal) > 12:
            shown += ", ... (%d in all)" % len(legal)
        super().__init__("illegal action %s (%s) for %s in phase %s%s; legal: %s" % (
            action, state.action_name(action), player_name(state.current_player()),
            state.phase_name(), (": " + why) if why else "", shown))
        # super(): MicroPython has no ValueError.__init__ to call directly


class BadOptions(ValueError):
    pass


class BadRecord(ValueError):
    pass


def player_name(player):
    if TABLE <= player < 0:
        return ("the table", "nobody (game over)", "chance")[player - TABLE]  # TABLE, TERMINAL, CHANCE
    return "seat %d" % player


def _refused(error, what, wanted, value):
    """The error saying what `what` must be and what it was: one message for options and saves."""
    return error("%s must be %s, got %r" % (what, wanted, value))


def option_int(options, key, default, low, high):
    """Read one integer option, refusing out-of-range values with a message that says why."""
    value = options.get(key, default)
    if type(value) is not int or value < low or value > high:  # type(): bools are refused
        raise _refused(BadOptions, "option " + key, "an integer from %d to %d" % (low, high), value)
    return value


def option_bool(options, key, default):
    value = options.get(key, default)
    if value is not True and value is not False:
        raise _refused(BadOptions, "option " + key, "true or false", value)
    return value


def option_choice(options, key, default, choices):
    value = options.get(key, default)
    if value not in choices:
        raise _refused(BadOptions, "option " + key, "one of " + ", ".join(choices), value)
    return value


def check_known_options(options, known):
    if not isinstance(options, dict):
        raise _refused(BadOptions, "options", "a JSON object", options)
    for key in options:
        if key not in known:
            raise BadOptions("unknown option %r (known: %s)" % (key, ", ".join(sorted(known))))


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
    state.moves = array("H", read_ints(data, "moves", -1, 0, 0xFFFF))
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


class GameState:
    """Base of every game's state. It owns the move list; games own the rest."""

    GAME = ""  # the registry name, written into records

    def __init__(self, options):
        self.options = options  # already normalised by the game
        self.moves = array("H")  # 2 bytes a move: a long game stays small on the board

    # -- the OpenSpiel-like surface -------------------------------------------------------------
    def current_player(self):
        raise NotImplementedError

    def legal_actions(self):
        raise NotImplementedError

    def is_legal(self, action):
        return action in self.legal_actions()

    def table_actions(self):
        return []

    def is_over(self):
        return self.current_player() == TERMINAL

    def returns(self):
        raise NotImplementedError

    def apply(self, action):
        # type() rather than isinstance: one test refuses floats, strings and bools alike
        if type(action) is not int or not self.is_legal(action):
            raise IllegalAction(self, action)
        self._apply(action)
        self.moves.append(action)

    def _apply(self, action):
        raise NotImplementedError

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
        copy=False the state's own array, not to be changed: for a writer that streams them
        (proto.link: get_state's line), so that no copy grows with the game."""
        moves = list(self.moves) if copy else self.moves
        return {"v": _RECORD_VERSION, "game": self.GAME, "options": self.options, "moves": moves}


# The scorekeepers say why an entry is refused (why_illegal returns the reason, "" when fine);
# these two are their is_legal and apply methods, hence `self`.
def entry_is_legal(self, action):
    return not self.why_illegal(action)


def apply_entry(self, action):
    why = self.why_illegal(action)
    if why:
        raise IllegalAction(self, action, why)
    self._apply(action)
    self.moves.append(action)


class RandomBot:
    """Any legal action: the baseline a game's bots must beat, and a fuzzer for the tests."""

    name = "random"

    def choose(self, state, seat, rng):
        legal = state.legal_actions()
        return legal[rng.below(len(legal))]
