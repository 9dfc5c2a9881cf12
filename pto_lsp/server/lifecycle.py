"""The LSP lifecycle and message framing, by the book (LSP 3.17), where pygls 2.1 is not.

What pygls does, what the specification says, and what this module does instead:

- **Before `initialize`** pygls runs every request and notification. The spec: a request
  is answered with error -32002 (ServerNotInitialized), a notification is dropped, except
  `exit`, which ends the server. Done here.
- **A second `initialize`** pygls answers again, rebuilding its workspace and forgetting
  the open documents. The spec: it may only be sent once. Answered with -32600
  (InvalidRequest) here.
- **After `shutdown`** pygls drops every message but `exit` with a warning, leaving the
  client's requests unanswered forever. The spec: requests after `shutdown` error with
  InvalidRequest. Answered with -32600 here; notifications are still dropped.
- **`exit`** pygls calls `sys.exit(0 or 1)` inside a handler, which `start_io` catches:
  the process always ends with status 0. The spec: 0 after `shutdown`, else 1. The
  status is kept here (`LifecycleProtocol.exit_status`) and returned by `pto-lsp serve`.
- **Params that do not fit the method** (wrong types, negative positions, missing
  fields) pygls structures inside `json.loads`'s object hook: the exception ends up in
  its read loop, logged with a traceback, the request never answered. Answered with
  -32602 (InvalidParams) here. A body that is not JSON gets -32700 (ParseError), one that
  is not a JSON-RPC message -32600, both with a null id as JSON-RPC 2.0 says.
- **Framing**: pygls's reader knows only `Content-Length: N\\r\\n` spelled exactly so.
  After one frame with a malformed length it reads the following bodies as header lines
  (a body has no line break, so it glues onto the next header): it never answers again.
  A length larger than the body makes it read the following messages as this body (and
  wait for bytes that never come); a huge one makes it allocate that many bytes at once:
  MemoryError, the server dies. `FrameBuffer` below reads headers leniently, ends a body
  early where it is a complete JSON message and the next header follows, skips bytes
  that are not a frame up to the next `Content-Length` header (logging what it skipped),
  and never allocates more than what arrived.
- **Notifications**: every notification pygls runs in a coroutine or a generator leaves
  its future in `_request_futures` for ever (only request futures are removed, when their
  response is sent): two per `didChange` here, about 120 MB over 1,200 editing sessions.
  Removed when done here.
- **`$/cancelRequest`** for an id that is unknown or already answered is normal traffic
  (the client cancels what it no longer needs, often just after the answer left); pygls
  logs a warning each time. Logged at debug here.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import threading
from collections.abc import Awaitable, Callable, Generator, Iterator
from concurrent.futures import Future
from typing import Any, BinaryIO

from lsprotocol import types as lsp
from pygls.io_ import StdoutWriter
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import JsonRPCNotification, JsonRPCRequestMessage, JsonRPCResponseMessage
from pygls.protocol.language_server import lsp_method
from pygls.server import JsonRPCServer

log = logging.getLogger(__name__)

# JSON-RPC 2.0 and LSP error codes.
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
SERVER_NOT_INITIALIZED = -32002

UNINITIALIZED, INITIALIZING, SHUT_DOWN = "uninitialized", "initializing", "shut down"


class LifecycleProtocol(LanguageServerProtocol):
    """pygls's protocol with the lifecycle, error answers and bookkeeping the LSP spec asks
    for (see the module's docstring). Messages enter through `receive(body)`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.phase = UNINITIALIZED
        self.exit_status: int | None = None  # set by `exit`: 0 after `shutdown`, else 1

    # ------------------------------------------------------------ messages in

    def receive(self, body: bytes | str) -> None:
        """One message from the client, as the bytes of its body."""
        try:
            data = json.loads(body)
        except ValueError as error:  # not JSON, or not UTF-8
            log.warning("a message that is not JSON (%s): answered with a parse error", error)
            self._answer_error(None, PARSE_ERROR, f"Parse error: {error}")
            return
        if not isinstance(data, dict) or data.get("jsonrpc") != self.VERSION:
            self._invalid(data, "not a JSON-RPC 2.0 message")
            return
        method = data.get("method")
        if method is None:  # a response to one of our requests
            if "id" in data and ("result" in data or "error" in data):
                self._handle_structured(data)
            else:
                log.warning("a message with neither a method nor a result was ignored: %.200s", body)
            return
        has_id = "id" in data
        if not isinstance(method, str) or (has_id and not _valid_id(data["id"])):
            self._invalid(data, "its method must be a string, its id an integer or a string")
            return
        if self._gate(method, data["id"] if has_id else None, has_id):
            self._handle_structured(data)

    def _gate(self, method: str, msg_id: int | str | None, is_request: bool) -> bool:
        """Whether the lifecycle lets the message through (if not, it was answered or dropped)."""
        if method == lsp.EXIT:
            self.exit_status = 0 if self.phase == SHUT_DOWN else 1
            log.info("exit (status %d)", self.exit_status)
            return False
        if self.phase == UNINITIALIZED:
            if method == lsp.INITIALIZE and is_request:
                self.phase = INITIALIZING
                return True
            if is_request:
                self._answer_error(msg_id, SERVER_NOT_INITIALIZED, f"{method}: the server is not initialized")
            else:
                log.debug("notification %s before initialize: dropped", method)
            return False
        if self.phase == SHUT_DOWN:
            if is_request:
                self._answer_error(msg_id, INVALID_REQUEST, f"{method}: the server is shut down")
            else:
                log.debug("notification %s after shutdown: dropped", method)
            return False
        if method == lsp.INITIALIZE:
            if is_request:
                self._answer_error(msg_id, INVALID_REQUEST, "initialize may only be sent once")
            return False
        if method == lsp.SHUTDOWN and is_request:
            self.phase = SHUT_DOWN  # pygls answers it and cancels what is still running
            return True
        if (
            not is_request
            and method.startswith("$/")
            and method not in self.fm.features
            and method not in self.fm.builtin_features
            and method != lsp.CANCEL_REQUEST
        ):
            log.debug("notification %s: not implemented, ignored", method)  # the spec: may be ignored
            return False
        return True

    def _handle_structured(self, data: dict[str, Any]) -> None:
        try:
            message = self._structure(data)
        except Exception as error:
            if "method" in data and "id" in data:
                log.info("%s with invalid params: %s", data["method"], _first_line(error))
                self._answer_error(data["id"], INVALID_PARAMS, f"Invalid params for {data['method']}")
            else:
                log.warning("a message that does not fit its method was ignored: %s", _first_line(error))
            return
        self.handle_message(message)

    def _structure(self, data: dict[str, Any]) -> Any:
        """pygls's `structure_message` for the message itself (not each nested object), without
        its error log: a message that does not fit is answered, not logged as a server fault."""
        if "method" in data:
            kind = self.get_message_type(data["method"])
            if kind is None:  # a method lsprotocol does not know: pygls answers MethodNotFound
                kind = JsonRPCRequestMessage if "id" in data else JsonRPCNotification
                data = {"params": None, **data}
        elif "error" in data:
            kind = lsp.ResponseErrorMessage
        else:
            kind = self._result_types.pop(data["id"], None) or JsonRPCResponseMessage
        return self._converter.structure(data, kind)

    def _invalid(self, data: Any, why: str) -> None:
        msg_id = data.get("id") if isinstance(data, dict) else None
        log.warning("an invalid request (%s): answered with an error", why)
        self._answer_error(msg_id if _valid_id(msg_id) else None, INVALID_REQUEST, f"Invalid request: {why}")

    def _answer_error(self, msg_id: int | str | None, code: int, message: str) -> None:
        # A plain dict: lsprotocol's converter would leave out a null id, which JSON-RPC requires.
        self._send_data({"jsonrpc": self.VERSION, "id": msg_id, "error": {"code": code, "message": message}})

    # ------------------------------------------------------------ pygls's bookkeeping

    @lsp_method(lsp.SHUTDOWN)
    def lsp_shutdown(self, *args: Any) -> Generator[Any, Any, None]:
        """pygls's, cancelling what still runs over a copy of its futures (a cancelled
        future's callback removes it from them: `_execute_handler`)."""
        if (user_handler := self.fm.features.get(lsp.SHUTDOWN)) is not None:
            yield user_handler, args, None
        current = self.msg_id
        for msg_id, future in list(self._request_futures.items()):
            if msg_id != current and not future.done():
                future.cancel()
        self._shutdown = True
        return None

    def _execute_handler(
        self,
        msg_id: Any,
        handler: Any,
        callback: Callable[[Future[Any]], None],
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
    ) -> None:
        """pygls keeps each handler's future by id until a response is sent: a
        notification's (and each step of a generator handler's) stayed for ever."""

        def done(future: Future[Any]) -> None:
            if self._request_futures.get(msg_id) is future:
                del self._request_futures[msg_id]
            callback(future)

        super()._execute_handler(msg_id, handler, done, args, kwargs)

    def _handle_cancel_notification(self, msg_id: Any) -> None:
        """A cancel for a request already answered (or never seen) is normal traffic."""
        future = self._request_futures.pop(msg_id, None)
        if future is None:
            log.debug('$/cancelRequest for "%s": no such request running', msg_id)
        elif future.cancel():
            log.debug('cancelled request "%s"', msg_id)


def _valid_id(value: Any) -> bool:
    return isinstance(value, (int, str)) and not isinstance(value, bool)


def _first_line(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text.splitlines()[0][:300]


# ---------------------------------------------------------------- framing

_CONTENT_LENGTH = re.compile(rb"content-length[ \t]*:", re.IGNORECASE)
_HEADER_END = re.compile(rb"\r?\n\r?\n")
_TOKEN = rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]"  # of a header's name (RFC 9110)
_HEADER_LINE = re.compile(rb"%s+[ \t]*:[^\r\n]*" % _TOKEN)
_HEADER_START = re.compile(rb"%s*" % _TOKEN)  # a header's name, begun
_MAX_HEADER = 8 << 10  # bytes of headers: past this without an empty line, they are not headers
MAX_BODY = 256 << 20  # bytes: a longer body is skipped


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
    return True


# ---------------------------------------------------------------- transports


async def serve_stream(
    read: Callable[[], Awaitable[bytes]], protocol: LifecycleProtocol, stop: threading.Event
) -> None:
    """Read frames and hand their bodies to the protocol until `exit`, end of input or `stop`."""
    frames = FrameBuffer()
    while not stop.is_set() and protocol.exit_status is None:
        chunk = await read()
        if not chunk:
            log.info("the client closed the connection")
            break
        try:
            for body in frames.feed(chunk):
                try:
                    protocol.receive(body)
                except Exception:  # the server goes on
                    log.exception("could not handle a message")
                if protocol.exit_status is not None:
                    break
        except Exception:  # a fault of the reader itself: start again at the next frame
            log.exception("could not read a frame: skipping to the next one")
            frames = FrameBuffer()


def _stdin_chunks(stdin: BinaryIO) -> Callable[[], Awaitable[bytes]]:
    """Chunks of stdin as they arrive, read by a daemon thread: a blocked read never keeps
    the process from ending after `exit` (pygls reads in its thread pool, which the
    interpreter waits for at exit: a client that sends `exit` but keeps the pipe open
    would keep the server alive)."""
    loop = asyncio.get_running_loop()
    chunks: asyncio.Queue[bytes] = asyncio.Queue()
    try:  # the file descriptor itself: a thread blocked in a buffered read holds the buffer's
        # lock, and the interpreter, closing stdin as it ends, would abort waiting for it
        descriptor = stdin.fileno()
    except (AttributeError, OSError, ValueError):
        read = getattr(stdin, "read1", stdin.read)
    else:

        def read(size: int) -> bytes:
            return os.read(descriptor, size)

    def pump() -> None:
        while True:
            try:
                data = read(1 << 16)
            except (OSError, ValueError):  # closed under us
                data = b""
            try:
                loop.call_soon_threadsafe(chunks.put_nowait, data)
            except RuntimeError:  # the loop is gone: the server has ended
                return
            if not data:
                return

    threading.Thread(target=pump, name="pto-lsp-stdin", daemon=True).start()
    return chunks.get


def start_io(server: JsonRPCServer, stdin: BinaryIO, stdout: BinaryIO) -> None:
    """pygls's `start_io`, with this module's reader."""
    stop = server._stop_event = threading.Event()
    protocol = server.protocol
    assert isinstance(protocol, LifecycleProtocol)
    protocol.set_writer(StdoutWriter(stdout))

    async def main() -> None:
        await serve_stream(_stdin_chunks(stdin), protocol, stop)

    try:
        asyncio.run(main())
    except BrokenPipeError:
        log.error("the connection to the client is lost: shutting down")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()


def start_tcp(server: JsonRPCServer, host: str, port: int) -> None:
    """pygls's `start_tcp`, with this module's reader (one client, as pygls)."""
    stop = server._stop_event = threading.Event()
    protocol = server.protocol
    assert isinstance(protocol, LifecycleProtocol)

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        protocol.set_writer(writer)  # type: ignore[arg-type]

        async def read() -> bytes:
            return await reader.read(1 << 16)

        await serve_stream(read, protocol, stop)
        writer.close()
        server.shutdown()

    async def listen() -> None:
        server._server = await asyncio.start_server(connection, host, port)
        log.info("serving on %s", ", ".join(str(s.getsockname()) for s in server._server.sockets))
        async with server._server:
            await server._server.serve_forever()

    try:
        asyncio.run(listen())
    except asyncio.CancelledError:
        log.debug("the server was cancelled")


def start_ws(server: JsonRPCServer, host: str, port: int) -> None:
    """pygls's `start_ws`, each websocket message through `LifecycleProtocol.receive`."""
    from pygls.io_ import WebSocketWriter
    from websockets.asyncio.server import ServerConnection, serve
    from websockets.exceptions import ConnectionClosed

    stop = server._stop_event = threading.Event()
    protocol = server.protocol
    assert isinstance(protocol, LifecycleProtocol)

    async def connection(websocket: ServerConnection) -> None:
        protocol.set_writer(WebSocketWriter(websocket), include_headers=False)
        while not stop.is_set() and protocol.exit_status is None:
            try:
                data = await websocket.recv(decode=False)
            except ConnectionClosed:
                break
            try:
                protocol.receive(data)
            except Exception:
                log.exception("could not handle a message")
        await websocket.close()
        server.shutdown()

    async def listen() -> None:
        server._server = await serve(connection, host, port)
        log.info("serving on %s", ", ".join(str(s.getsockname()) for s in server._server.sockets))
        async with server._server:
            await server._server.serve_forever()

    try:
        asyncio.run(listen())
    except asyncio.CancelledError:
        log.debug("the server was cancelled")


def exit_status(server: JsonRPCServer) -> int:
    """The process's exit status: 0 after `shutdown` then `exit`, else 1."""
    protocol = server.protocol
    if isinstance(protocol, LifecycleProtocol):
        if protocol.exit_status is not None:
            return protocol.exit_status
        return 0 if protocol.phase == SHUT_DOWN else 1  # the client went away
    return 0
