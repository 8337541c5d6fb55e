"""A serial port for the simulator: a pty or tty path opened raw and non-blocking (unix port).

The terminal is switched to raw mode with VMIN = 0 and VTIME = 0, so a read returns at once with
whatever bytes are there (possibly none) instead of waiting: the simulator's tick loop polls it
like the board polls its USB serial.
"""

import select

try:
    import termios
except ImportError:  # CPython names it the same; only a build without it lands here
    termios = None

_VMIN = 6
_VTIME = 5
READ_CHUNK = 256


class SerialPort:
    def __init__(self, path):
        self.path = path
        self.file = open(path, "r+b")
        fd = self.file.fileno()
        if termios is not None:
            termios.setraw(fd)
            attrs = termios.tcgetattr(fd)
            attrs[6][_VMIN] = 0
            attrs[6][_VTIME] = 0
            termios.tcsetattr(fd, termios.TCSANOW, attrs)
        self.poller = select.poll()
        self.poller.register(self.file, select.POLLIN)
        self.broken = False

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
        """Send all of data; a hung-up peer drops it silently, as an unplugged USB cable would."""
        if self.broken:
            return
        try:
            self.file.write(data)
        except OSError:
            self.broken = True

    def close(self):
        try:
            self.file.close()
        except OSError:
            pass
