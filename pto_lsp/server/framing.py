"""`Content-Length` framing that recovers from a broken frame (`FrameBuffer`).

pygls's reader knows only `Content-Length: N\\r\\n` spelled exactly so.
After one frame with a malformed length it reads the following bodies as header lines
(a body has no line break, so it glues onto the next header): it never answers again.
A length larger than the body makes it read the following messages as this body (and
wait for bytes that never come); a huge one makes it allocate that many bytes at once:
MemoryError, the server dies. `FrameBuffer` reads headers leniently, ends a body
early where it is a complete JSON message and the next header follows, skips bytes
that are not a frame up to the next `Content-Length` header (logging what it skipped),
and never allocates more than what arrived. It imports nothing of pygls or lsprotocol:
the server's start reads the first frames with it before they are loaded (`early_start`).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator

log = logging.getLogger(__name__)

_CONTENT_LENGTH = re.compile(rb"content-length[ \t]*:", re.IGNORECASE)
_HEADER_END = re.compile(rb"\r?\n\r?\n")
_TOKEN = rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]"  # of a header's name (RFC 9110)
_HEADER_LINE = re.compile(rb"%s+[ \t]*:[^\r\n]*" % _TOKEN)
_HEADER_START = re.compile(rb"%s*" % _TOKEN)  # a header's name, begun
_MAX_HEADER = 8 << 10  # bytes of headers: past this without an empty line, they are not headers
MAX_BODY = 256 << 20  # bytes: a longer body is skipped


CONTENT_TYPE = "application/vscode-jsonrpc; charset=utf-8"


def frame(body: bytes) -> bytes:
    """A message's body with the headers pygls writes before it."""
    return b"Content-Length: %d\r\nContent-Type: %s\r\n\r\n%s" % (len(body), CONTENT_TYPE.encode(), body)


class FrameBuffer:
    """Bytes from the client in, message bodies out: `Content-Length` framing that
    recovers from a broken frame instead of losing every frame after it.

    A body ends after `Content-Length` bytes. When the length is missing, malformed,
    past `MAX_BODY` or larger than the body, the body ends where what arrived is one
    complete JSON value — at the end of what arrived, or just before the next
    `Content-Length` header. (A well-formed body is one JSON value, possibly followed by
    whitespace, so no prefix of it that is followed by anything else is one: a correct
    frame is never cut short.) Bytes that are not headers are skipped up to the next
    `Content-Length` header.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._in_body = False
        self._length: int | None = None  # of the body being read (None: unknown)
        self._scanned = 0  # bytes of the body already searched for a following header

    def feed(self, data: bytes) -> Iterator[bytes]:
        """The bodies completed by `data`."""
        self._buffer += data
        while True:
            body = self._next_body() if self._in_body else None
            if body is not None:
                yield body
                continue
            if self._in_body or not self._read_headers():
                return

    def _read_headers(self) -> bool:
        """Headers read (True), or more bytes needed (False)."""
        buffer = self._buffer
        end = _HEADER_END.search(buffer)
        if end is None:
            if len(buffer) > _MAX_HEADER or not _could_start_a_header(buffer):
                self._skip_junk("bytes that are not headers")
            return False
        if end.start() > _MAX_HEADER:  # the end of a later frame's headers, after junk
            self._skip_junk("bytes that are not headers", at_least=end.end())
            return True
        lines = [line for line in bytes(buffer[: end.start()]).splitlines() if line]
        if not lines:  # blank lines between frames
            del buffer[: end.end()]
            return True
        if not all(_HEADER_LINE.fullmatch(line) for line in lines):
            self._skip_junk("bytes that are not headers", at_least=end.end())
            return True
        values = [line.partition(b":")[2].strip() for line in lines if _CONTENT_LENGTH.match(line)]
        length: int | None = None
        if len(values) != 1 or not values[0].isdigit():
            log.warning("a frame without a valid Content-Length (%r): reading its body as JSON", values)
        elif int(values[0]) > MAX_BODY:
            log.warning(
                "Content-Length %s is past the %d-byte limit: reading the body as JSON", values[0], MAX_BODY
            )
        else:
            length = int(values[0])
        del buffer[: end.end()]
        self._in_body, self._length, self._scanned = True, length, 0
        return True

    def _next_body(self) -> bytes | None:
        buffer, length = self._buffer, self._length
        if length is not None and len(buffer) >= length:
            return self._take(length)
        # Not all there (or of unknown length): did the sender's body end earlier?
        starts = [m.start() for m in _CONTENT_LENGTH.finditer(buffer, max(self._scanned - 20, 1))]
        for start in starts:
            if _is_json(buffer[:start]):
                self._mismatch(start)
                return self._take(start)
        self._scanned = len(buffer)
        if buffer.rstrip().endswith(b"}") and _is_json(buffer):
            self._mismatch(len(buffer))
            return self._take(len(buffer))
        if length is None and len(buffer) > MAX_BODY:
            log.warning("%d bytes of a body of unknown length that are not JSON: skipped", len(buffer))
            self._in_body = False
            self._buffer.clear()
        return None

    def _mismatch(self, actual: int) -> None:
        if self._length is not None:
            log.warning("Content-Length %d, but the body ends after %d bytes", self._length, actual)

    def _take(self, count: int) -> bytes:
        body = bytes(self._buffer[:count])
        del self._buffer[:count]
        self._in_body = False
        return body

    def _skip_junk(self, what: str, at_least: int = 0) -> None:
        """Drop bytes up to the next `Content-Length` header; when there is none, `at_least`
        bytes, or all but the last few (they may begin a header)."""
        buffer = self._buffer
        match = _CONTENT_LENGTH.search(buffer, 1)
        count = match.start() if match is not None else at_least or max(len(buffer) - 16, 0)
        if count:
            log.warning("skipped %d %s: %.80r", count, what, bytes(buffer[:count]))
            del buffer[:count]


def _could_start_a_header(buffer: bytearray) -> bool:
    """Whether the bytes so far may still become a header block (a header line, whole or begun)."""
    first = bytes(buffer[:_MAX_HEADER]).split(b"\n", 1)[0].rstrip(b"\r")
    return _HEADER_LINE.fullmatch(first) is not None or _HEADER_START.fullmatch(first) is not None


def _is_json(data: bytes | bytearray) -> bool:
    if not data.strip():
        return False
    try:
        json.loads(data)
    except ValueError:
        return False
    except RecursionError:  # nested deeper than `json` follows: a value still (answered as such)
        return True
    return True
