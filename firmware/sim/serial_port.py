"""A serial port for the simulator: a pty or tty path opened raw and non-blocking (unix port).

The terminal is switched to raw mode with VMIN = 0 and VTIME = 0, so a read returns at once with
whatever bytes are there (possibly none) instead of waiting: the simulator's tick loop polls it
like the board polls its USB serial. The switch takes effect at once and keeps the bytes already
waiting (termios.setraw would flush them: TCSAFLUSH): a host that spoke before the simulator
opened the port, as a logger started first does, is heard, as a board's UART would hear it.
"""

import select
import sys

try:
    import termios
except ImportError:  # CPython names it the same; only a build without it lands here
    termios = None

_VMIN = 6
_VTIME = 5
# The bits the unix port's termios.setraw clears and sets, which its module does not name: input
# with no break, CR, parity, strip or flow-control handling; 8-bit characters without parity.
# Output and local flags are cleared whole (no post-processing, echo, canonical mode or signals).
if sys.platform == "linux":
    _IFLAG_OFF = 0o2 | 0o20 | 0o40 | 0o400 | 0o2000  # BRKINT INPCK ISTRIP ICRNL IXON
    _CSIZE_PARENB, _CS8 = 0o60 | 0o400, 0o60
else:  # macOS and the BSDs
    _IFLAG_OFF = 0x2 | 0x10 | 0x20 | 0x100 | 0x200
    _CSIZE_PARENB, _CS8 = 0x300 | 0x1000, 0x300
READ_CHUNK = 256
WRITE_WAIT_MS = 1000  # how long a write waits for a slow or absent reader before dropping the line


class SerialPort:
    def __init__(self, path):
        self.path = path
        self.file = open(path, "r+b")
        fd = self.file.fileno()
        if termios is not None:
            attrs = termios.tcgetattr(fd)
            attrs[0] &= ~_IFLAG_OFF
            attrs[1] = 0
            attrs[2] = (attrs[2] & ~_CSIZE_PARENB) | _CS8
            attrs[3] = 0
            attrs[6][_VMIN] = 0
            attrs[6][_VTIME] = 0
            termios.tcsetattr(fd, termios.TCSANOW, attrs)  # TCSANOW: what is waiting stays
        self.poller = select.poll()
        self.poller.register(self.file, select.POLLIN)
        self.out_poller = select.poll()
        self.out_poller.register(self.file, select.POLLOUT)
        self.broken = False
        self.dropped = 0  # bytes written while nobody read the other end
        self.stalled = False  # the last write found no reader: the next ones do not wait

    def read(self):
        """The bytes available now, or None; a port whose other end went away reads as None."""
        if self.broken:
            return None
        for _obj, flags in self.poller.poll(0):
            if flags & select.POLLIN:
                try:
                    data = self.file.read(READ_CHUNK)
                except OSError:
                    return None
                return data or None
        return None

    def write(self, data):
        """Send data. A board's UART sends at its pace whether anyone listens or not, so a pty
        that nobody has read for WRITE_WAIT_MS drops the line instead of freezing the simulator;
        a hung-up peer drops everything, as an unplugged USB cable would."""
        if self.broken:
            return
        if not self.out_poller.poll(0 if self.stalled else WRITE_WAIT_MS):
            self.stalled = True
            self.dropped += len(data)
            return
        self.stalled = False
        try:
            self.file.write(data)
        except OSError:
            self.broken = True

    def close(self):
        try:
            self.file.close()
        except OSError:
            pass
