"""Checksummed JSON files (snapshots and history): one header line, then the JSON body.

    TTS 1 89abcdef 1234\n{...}

kind tag ("TTS" snapshot, "TTH" history), format version, CRC-32 of the body in hex, body length.
A file cut short, a flipped bit or garbage fails with BadFile; a newer version with FutureFormat.
"""

import json

from store.files import crc32
from store.journal import FutureFormat

VERSION = 1
SNAPSHOT = "TTS"
HISTORY = "TTH"


class BadFile(ValueError):
    pass


def encode(kind, doc):
    body = json.dumps(doc).encode()
    head = "%s %d %08x %d\n" % (kind, VERSION, crc32(body), len(body))
    return head.encode() + body


def decode(kind, data):
    end = data.find(b"\n", 0, 64)
    if end < 0:
        raise BadFile("no header line" if data else "empty file")
    try:
        parts = data[:end].decode().split(" ")
    except UnicodeError:
        raise BadFile("header is not text") from None
    if len(parts) != 4 or parts[0] != kind:
        raise BadFile("not a %s file" % kind)
    try:
        version = int(parts[1])
        crc = int(parts[2], 16)
        length = int(parts[3])
    except ValueError:
        raise BadFile("bad header numbers") from None
    if version > VERSION:
        raise FutureFormat("%s format %d is newer than this firmware (%d)" % (kind, version, VERSION))
    if version != VERSION:
        raise BadFile("unknown format %d" % version)
    body = data[end + 1:]
    if len(body) != length:
        raise BadFile("%d bytes of body, header says %d" % (len(body), length))
    if crc32(body) != crc:
        raise BadFile("checksum mismatch")
    try:
        doc = json.loads(body)
    except ValueError:
        raise BadFile("body is not JSON") from None
    if not isinstance(doc, dict):
        raise BadFile("body is not an object")
    v = doc.get("v")
    if isinstance(v, int) and v > VERSION:
        raise FutureFormat("document version %d is newer than this firmware (%d)" % (v, VERSION))
    if v != VERSION:
        raise BadFile("document version %r" % (v,))
    return doc
