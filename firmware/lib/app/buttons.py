"""Button debouncing: raw levels in, one small-int event per press, release or long press out.

A level change counts only once it has held for debounce_ms: contact bounce (chatter shorter than
that) and noise spikes never reach the application, and each stable press ends in exactly one PRESS
or one LONG, never both, so neither bounce nor mashing can produce a double action.
Allocation-free: the state lives in lists made once and events in a preallocated ring.
"""

from engine.compat import const

from app.clock import ticks_diff

KEEP = const(0)
SWAP = const(1)
OK = const(2)
BACK = const(3)
BUTTON_COUNT = const(4)
BUTTON_NAMES = ("KEEP", "SWAP", "OK", "BACK")

DOWN = const(0)  # the press became stable
UP = const(1)  # the release became stable
PRESS = const(2)  # a short press, emitted at its release
LONG = const(3)  # held for long_ms: emitted once, while still held; no PRESS follows

_QUEUE_SIZE = const(32)  # at four events per press, eight presses between two pops
# An event is one small int: its button above, its kind (DOWN, UP, PRESS, LONG) in the low bits.
# Read it with event_button and event_kind, nowhere by hand: its layout is these two lines'.
_KIND_BITS = const(2)
_KIND_MASK = const(3)


def make_event(button, kind):
    return (button << _KIND_BITS) | kind


def event_button(event):
    return event >> _KIND_BITS


def event_kind(event):
    return event & _KIND_MASK


class Debouncer:
    def __init__(self, debounce_ms=25, long_ms=700):
        if debounce_ms < 0 or long_ms <= debounce_ms:
            raise ValueError("need 0 <= debounce_ms < long_ms, got %r and %r" % (debounce_ms, long_ms))
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self._raw = [0] * BUTTON_COUNT  # last level seen
        self._edge_at = [0] * BUTTON_COUNT  # when the raw level last changed
        self._stable = [0] * BUTTON_COUNT  # the debounced level
        self._pressed_at = [0] * BUTTON_COUNT  # first edge of the current stable press
        self._long_sent = [0] * BUTTON_COUNT
        self._queue = bytearray(_QUEUE_SIZE)
        self._head = 0  # next event to pop
        self._count = 0
        self.dropped = 0  # events lost because nobody popped them

    def update(self, levels_mask, now):
        """Feed the raw levels (bit b set = button b is down) read at tick `now`."""
        for b in range(BUTTON_COUNT):
            level = (levels_mask >> b) & 1
            if level != self._raw[b]:
                self._raw[b] = level
                self._edge_at[b] = now
            if level != self._stable[b] and ticks_diff(now, self._edge_at[b]) >= self.debounce_ms:
                self._stable[b] = level
                if level:
                    self._pressed_at[b] = self._edge_at[b]
                    self._long_sent[b] = 0
                    self._push((b << _KIND_BITS) | DOWN)
                else:
                    self._push((b << _KIND_BITS) | UP)
                    if not self._long_sent[b]:
                        self._push((b << _KIND_BITS) | PRESS)
            # `level` too: a release still settling is not held, however long the press was
            if (level and self._stable[b] and not self._long_sent[b]
                    and ticks_diff(now, self._pressed_at[b]) >= self.long_ms):
                self._long_sent[b] = 1
                self._push((b << _KIND_BITS) | LONG)

    def pending(self):
        """How many events wait to be popped (app.loop leaves them while the app waits)."""
        return self._count

    def pop(self):
        """The oldest event, or -1 when there is none."""
        if not self._count:
            return -1
        event = self._queue[self._head]
        self._head = (self._head + 1) % _QUEUE_SIZE
        self._count -= 1
        return event

    def _push(self, event):
        if self._count == _QUEUE_SIZE:
            self.dropped += 1  # keep the older events: their DOWN/UP pairs stay whole
            return
        self._queue[(self._head + self._count) % _QUEUE_SIZE] = event
        self._count += 1
