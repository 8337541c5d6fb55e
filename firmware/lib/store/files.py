"""The few file operations the store needs, behind one object so tests can break them.

Files() uses the os module of the runtime (littlefs on the board, the host's filesystem under
the unix port and CPython). A test swaps in a subclass that cuts writes or reports a full disk.
"""

import os

ENOENT = 2
ENOSPC = 28
# The longest snapshot or history file read back. Files are read in pieces, so this bounds the
# time a boot spends on garbage, not the memory: 256 KB is some 60 000 moves, more than the
# board's heap holds as a game (2 bytes a move in RAM, 4 to 5 a move on flash).
MAX_READ = 262144


def crc32_slow(data, crc=0):
    """CRC-32 (IEEE) of data; crc: the value over the bytes before it, to checksum in pieces.
    For a port built without binascii; crc32 is binascii's where there is one."""
    crc ^= 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 & -(crc & 1))
    return crc ^ 0xFFFFFFFF


try:
    # called directly, unsigned on both runtimes: a value over 2**30 is a long int on the board,
    # which a wrapper masking it would make twice a piece
    from binascii import crc32
except ImportError:  # a port built without it: the same CRC-32 (IEEE), slower
    crc32 = crc32_slow


def join(folder, name):
    if not folder or folder.endswith("/"):
        return folder + name
    return folder + "/" + name


class Files:
    """Plain file access; every method raises OSError on failure (size and read also
    ValueError for a file over the limit)."""

    def open(self, path, mode):
        return open(path, mode)

    def size(self, path, limit=MAX_READ):
        """The file's length in bytes; a file longer than limit is refused (ValueError): garbage
        the size of the flash must not hold up the boot."""
        size = os.stat(path)[6]
        if size > limit:
            raise ValueError("%d bytes, more than the %d a saved file can have" % (size, limit))
        return size

    def read(self, path, limit=MAX_READ):
        """The file's bytes, for small files (journal entries, the quarantine); limit as for
        size(). Snapshots and history are read in pieces (store.container)."""
        self.size(path, limit)
        with self.open(path, "rb") as f:
            return f.read()

    def write_atomic(self, path, data):
        """Write a temp file, close it, then rename it over path: littlefs makes that atomic.
        data: bytes, or an iterable of bytes pieces written one after the other."""
        tmp = path + ".tmp"
        try:
            with self.open(tmp, "wb") as f:
                if isinstance(data, (bytes, bytearray)):
                    f.write(data)
                else:
                    for piece in data:
                        f.write(piece)
        except Exception:  # OSError, or a MemoryError making a piece: no temp file left behind
            self.remove_quietly(tmp)
            raise
        self.rename(tmp, path)

    def rename(self, old, new):
        try:
            os.rename(old, new)
        except OSError:
            # littlefs and POSIX replace the target; a port that refuses gets it removed first
            if not self.exists(new):
                raise
            os.remove(new)
            os.rename(old, new)

    def remove(self, path):
        os.remove(path)

    def remove_quietly(self, path):
        """Remove path if it is there; False when it may still be (the removal failed)."""
        try:
            os.remove(path)
        except OSError as err:
            return bool(err.args) and err.args[0] == ENOENT
        return True

    def listdir(self, path):
        return os.listdir(path)

    def exists(self, path):
        try:
            os.stat(path)
            return True
        except OSError:
            return False

    def makedirs(self, path):
        """Create the folder path and the missing folders above it."""
        end = 0
        while end >= 0:
            end = path.find("/", end + 1)
            folder = path[:end] if end > 0 else path
            if not self.exists(folder):
                os.mkdir(folder)
