"""Checksummed JSON files (snapshots and history): one header line, then the JSON body.

    TTS 1 89abcdef 1234\n{...}

kind tag ("TTS" snapshot, "TTH" history), format version, CRC-32 of the body in hex, body length.
A file cut short, a flipped bit or garbage fails with BadFile; a newer version with FutureFormat.
"""

import json

from store.files import crc32
from store.journal import check_version

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
        found, version, crc, length = data[:end].decode().split(" ")
        version = int(version)
        crc = int(crc, 16)
        length = int(length)
    except ValueError:  # not text (a UnicodeError is a ValueError), not four fields, not numbers
        raise BadFile("bad header line") from None
    if found != kind:
        raise BadFile("not a %s file" % kind)
    check_version(kind + " format", version, VERSION, BadFile)
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
    check_version("document version", doc.get("v"), VERSION, BadFile)
    return doc
