"""`Content-Length` framing that recovers from a broken frame (`FrameBuffer`).

pygls's reader knows only `Content-Length: N\\r\\n` spelled exactly so.
After one frame with a malformed length it reads the following bodies as header lines
(a body has no line break, so it glues onto the next header): it never answers again.
A length larger than the body makes it read the following messages as this body (and
wait for bytes that never come); a huge one makes it allocate that many bytes at once:
MemoryError, the server dies. `FrameBuffer` reads headers leniently, ends a body
early where it is a complete JSON message and the next header follows, skips bytes
that are not a frame up to the next `Content-Length` header (logging what it skipped),
and never allocates more than what arrived. It takes time linear in the bytes that
arrive, however they are split and whatever a body holds (a kernel full of
`Content-Length:` lines): a body being read is scanned once, as it arrives, for where its
first JSON value ends (`_ValueEnd`), and only that place can end it early. It imports
nothing of pygls or lsprotocol: the server's start reads the first frames with it before
they are loaded (`early_start`).
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
        self._value_end = _ValueEnd()  # where the body's first JSON value ends
        self._searched = 0  # bytes of the buffer searched for the end of headers, none found
        self._skipped = 0  # bytes skipped since the last frame's headers

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
        """Headers read (True, or junk skipped: go on), or more bytes needed (False).

        Linear in the bytes skipped, however many `Content-Length`s they hold: the end of
        headers is searched for no further than headers may go, and no byte is searched
        twice (`_searched`); a block that is not headers is skipped from its first line
        that is not a header line."""
        buffer = self._buffer
        limit = min(len(buffer), _MAX_HEADER + 4)
        end = _HEADER_END.search(buffer, max(self._searched - 3, 0), limit)
        if end is None:
            self._searched = limit
            if len(buffer) > _MAX_HEADER or not _could_start_a_header(buffer):
                return self._skip_junk() > 0  # a frame may follow
            return False
        lines = bytes(buffer[: end.start()]).splitlines(keepends=True)
        if not any(line.strip() for line in lines):  # blank lines between frames
            self._consume(end.end())
            return True
        offset = 0
        for line in lines:
            if line.strip() and not _HEADER_LINE.fullmatch(line.rstrip(b"\r\n")):
                self._skip_junk(from_=offset, at_least=end.end())
                return True
            offset += len(line)
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
        self._consume(end.end())
        self._in_body, self._length, self._value_end = True, length, _ValueEnd()
        return True

    def _consume(self, count: int) -> None:
        """Drop bytes read (headers, blank lines); what they had skipped before is said."""
        del self._buffer[:count]
        self._searched = 0
        if self._skipped:
            log.warning("skipped %d bytes that are not headers in all", self._skipped)
            self._skipped = 0

    def _next_body(self) -> bytes | None:
        buffer, length = self._buffer, self._length
        if length is not None and len(buffer) >= length:
            return self._take(length)
        # Not all there (or of unknown length): did the sender's body end earlier? Only
        # where its first JSON value ends, at the end of what arrived or before a header.
        end = self._value_end.early_end(buffer)
        if end is not None:
            self._mismatch(end)
            return self._take(end)
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
        self._searched = 0
        return body

    def _skip_junk(self, from_: int = 0, at_least: int = 0) -> int:
        """Drop bytes up to the next `Content-Length` header from `from_` on; when there is
        none, `at_least` bytes, or all but the last few (they may begin a header). The
        first bytes of a run are logged, the run's size once a frame follows (`_consume`)."""
        buffer = self._buffer
        match = _CONTENT_LENGTH.search(buffer, max(from_, 1))
        count = match.start() if match is not None else at_least or max(len(buffer) - 16, 0)
        if count:
            if not self._skipped:
                log.warning("skipping bytes that are not headers: %.80r", bytes(buffer[:count]))
            self._skipped += count
            del buffer[:count]
            self._searched = max(self._searched - count, 0)
        return count


def _could_start_a_header(buffer: bytearray) -> bool:
    """Whether the bytes so far may still become a header block (a header line, whole or begun)."""
    first = bytes(buffer[:_MAX_HEADER]).split(b"\n", 1)[0].rstrip(b"\r")
    return _HEADER_LINE.fullmatch(first) is not None or _HEADER_START.fullmatch(first) is not None


# Bytes that change nothing of a JSON text's nesting: outside strings, and inside them.
_PLAIN = re.compile(rb'[^"{}\[\]]*')
_IN_STRING = re.compile(rb'[^"\\]*(?:\\.[^"\\]*)*', re.DOTALL)
_SCALAR = re.compile(rb"[-+.0-9Ea-z]*")  # a number, true, false, null (or not JSON)
_WHITESPACE = re.compile(rb"[ \t\r\n]*")
_HEADER_NAME = b"content-length"


class _ValueEnd:
    """Where a body's first JSON value ends, found by scanning each byte once as the body
    arrives (nesting and strings followed, nothing parsed). A well-formed body is one JSON
    value and whitespace; a body that ends before its `Content-Length` does (the length is
    wrong, or unknown) ends there — if the value is valid JSON and what follows it is the
    end of what arrived or the next `Content-Length` header. No other place can: a longer
    prefix holds more than one value, a shorter one an unfinished value."""

    def __init__(self) -> None:
        self._at = 0  # bytes scanned
        self._started = False
        self._depth = 0  # open arrays and objects
        self._in_string = False
        self._scalar = False  # the value is a number or a literal
        self._end: int | None = None  # where the first value ends, once found
        self._never = False  # the body cannot end early (not JSON, or more after the value)

    def early_end(self, buffer: bytearray) -> int | None:
        """Where the body in `buffer` (the whole body so far) ends early, if it does."""
        if self._never:
            return None
        if self._end is None:
            self._scan(buffer)
            if self._end is None:
                return None
        after = _WHITESPACE.match(buffer, self._end).end()
        if after < len(buffer):
            rest = bytes(buffer[after : after + 32]).lower()
            if not _CONTENT_LENGTH.match(rest):
                # A header only begun waits for its next bytes; anything else never ends the body.
                head, tail = rest[: len(_HEADER_NAME)], rest[len(_HEADER_NAME) :]
                self._never = not (_HEADER_NAME.startswith(head) and not tail.strip(b" \t"))
                return None
        if not _is_json(buffer[: self._end]):
            self._never = True
            return None
        return after

    def _scan(self, buffer: bytearray) -> None:
        at, size = self._at, len(buffer)
        if not self._started:
            at = _WHITESPACE.match(buffer, at).end()
            if at == size:
                self._at = at
                return
            first = buffer[at]
            self._started = True
            if first in b"{[":
                self._depth, at = 1, at + 1
            elif first == ord('"'):
                self._in_string, at = True, at + 1
            else:
                self._scalar = True
        if self._scalar:
            at = _SCALAR.match(buffer, at).end()
            if at < size:
                self._end = at
            self._at = at
            return
        while at < size:
            if self._in_string:
                at = _IN_STRING.match(buffer, at).end()
                if at >= size or buffer[at] != ord('"'):  # the string goes on (maybe after a `\`)
                    break
                at += 1
                self._in_string = False
                if self._depth == 0:  # a string was the value
                    self._end = at
                    break
                continue
            at = _PLAIN.match(buffer, at).end()
            if at >= size:
                break
            char = buffer[at]
            at += 1
            if char == ord('"'):
                self._in_string = True
            elif char in b"{[":
                self._depth += 1
            else:
                self._depth -= 1
                if self._depth == 0:
                    self._end = at
                    break
        self._at = at


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
