"""Bytes in, messages out: the stdio, TCP and WebSocket transports, each handing the
message bodies `framing.FrameBuffer` cuts to `lifecycle.LifecycleProtocol.receive`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, BinaryIO
from urllib.parse import urlsplit

from pygls.io_ import StdoutWriter
from pygls.server import JsonRPCServer

from pto_lsp.server.early_start import StdinPump
from pto_lsp.server.framing import MAX_BODY, FrameBuffer
from pto_lsp.server.lifecycle import UNINITIALIZED, LifecycleProtocol

log = logging.getLogger(__name__)


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


def start_io(server: JsonRPCServer, stdin: BinaryIO, stdout: BinaryIO, pump: StdinPump | None = None) -> None:
    """pygls's `start_io`, with this module's reader; stdin read by `pump` if it began already."""
    stop = server._stop_event = threading.Event()
    protocol = server.protocol
    assert isinstance(protocol, LifecycleProtocol)
    protocol.set_writer(StdoutWriter(stdout))
    reader = pump or StdinPump(stdin)

    async def main() -> None:
        await serve_stream(reader.attach(asyncio.get_running_loop()), protocol, stop)

    try:
        asyncio.run(main())
    except BrokenPipeError:
        log.error("the connection to the client is lost: shutting down")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()


# One client per server: the protocol, its documents and its answers are one session's. A
# second connection while the first is open is refused (it would otherwise share the first
# client's session: read its documents, take its answers); the server ends with its client.
ONE_CLIENT = "pto-lsp serves one client per process, and another client is connected"


def _refusal_frame() -> bytes:
    body = json.dumps(
        {
            "jsonrpc": "2.0",
            "method": "window/showMessage",
            "params": {"type": 1, "message": f"{ONE_CLIENT}: connection refused"},
        }
    ).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def start_tcp(server: JsonRPCServer, host: str, port: int) -> None:
    """pygls's `start_tcp`, with this module's reader; one client, a second one refused. A
    connection that never sent `initialize` (a port probe, a health check) is no client: it
    leaves the server running when it closes, and gives way to the next connection."""
    stop = server._stop_event = threading.Event()
    protocol = server.protocol
    assert isinstance(protocol, LifecycleProtocol)
    connected: list[asyncio.StreamWriter] = []

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if connected and not _uninitialized(protocol):
            log.warning("refused a connection from %s: %s", writer.get_extra_info("peername"), ONE_CLIENT)
            writer.write(_refusal_frame())
            with contextlib.suppress(OSError):
                await writer.drain()
            writer.close()
            return
        for idle in connected:  # connected, never initialized: the new connection is the client
            log.info("a connection that never initialized gives way to %s", writer.get_extra_info("peername"))
            idle.close()
        connected[:] = [writer]
        protocol.set_writer(writer)  # type: ignore[arg-type]

        async def read() -> bytes:
            try:
                return await reader.read(1 << 16)
            except OSError:  # closed under us (given way to another connection)
                return b""

        await serve_stream(read, protocol, stop)
        writer.close()
        if connected != [writer]:  # it gave way to another connection, which goes on
            return
        connected.clear()
        if _uninitialized(protocol):
            log.info("a connection closed without initializing: still serving")
            return
        server.shutdown()

    _serve_until_cancelled(server, lambda: asyncio.start_server(connection, host, port))


def _uninitialized(protocol: LifecycleProtocol) -> bool:
    """Whether no client has begun a session (`initialize`) nor ended the server (`exit`)."""
    return protocol.phase == UNINITIALIZED and protocol.exit_status is None


# Hosts of a web page's origin that are this machine.
_LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


def origin_allowed(origin: str | None, allowed: Sequence[str] = ()) -> bool:
    """Whether a WebSocket handshake's `Origin` may connect. Editors and other local tools
    send none; a browser sends the page's, and any page the user visits can open a socket to
    this machine: only pages served from this machine (or an origin `allowed` names, `*`
    for any) may connect."""
    if origin is None or "*" in allowed or origin in allowed:
        return True
    parts = urlsplit(origin)
    try:
        host = parts.hostname
    except ValueError:
        return False
    return (
        parts.scheme in ("http", "https")
        and host is not None
        and (host in _LOOPBACK_HOSTS or host.startswith("127."))
    )


def start_ws(server: JsonRPCServer, host: str, port: int, allowed_origins: Sequence[str] = ()) -> None:
    """pygls's `start_ws`, each websocket message through `LifecycleProtocol.receive`; one
    client (a second handshake gets 503), and only the origins `origin_allowed` lets in (403)."""
    from http import HTTPStatus

    from pygls.io_ import WebSocketWriter
    from websockets.asyncio.server import ServerConnection, serve
    from websockets.exceptions import ConnectionClosed
    from websockets.http11 import Request, Response

    stop = server._stop_event = threading.Event()
    protocol = server.protocol
    assert isinstance(protocol, LifecycleProtocol)
    connected: list[object] = []

    def admit(websocket: ServerConnection, request: Request) -> Response | None:
        origin = request.headers.get("Origin")
        if not origin_allowed(origin, allowed_origins):
            log.warning("refused a websocket handshake from origin %.200r (see --allow-origin)", origin)
            return websocket.respond(HTTPStatus.FORBIDDEN, f"origin {origin} is not allowed\n")
        if connected:
            log.warning("refused a websocket connection from %s: %s", websocket.remote_address, ONE_CLIENT)
            return websocket.respond(HTTPStatus.SERVICE_UNAVAILABLE, f"{ONE_CLIENT}\n")
        connected.append(websocket)
        return None

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
        connected.clear()
        if _uninitialized(protocol):
            log.info("a websocket connection closed without initializing: still serving")
            return
        server.shutdown()

    # A message may be as long as a frame's body over the other transports (websockets'
    # default, 1 MiB, would close the connection on a file an editor opens).
    _serve_until_cancelled(
        server, lambda: serve(connection, host, port, process_request=admit, max_size=MAX_BODY)
    )


def _serve_until_cancelled(server: JsonRPCServer, start: Callable[[], Awaitable[Any]]) -> None:
    """Listen with the socket server `start` makes until it is cancelled."""

    async def listen() -> None:
        server._server = await start()
        log.info("serving on %s", ", ".join(str(s.getsockname()) for s in server._server.sockets))
        async with server._server:
            await server._server.serve_forever()

    try:
        asyncio.run(listen())
    except asyncio.CancelledError:
        log.debug("the server was cancelled")
