"""Bytes in, messages out: the stdio, TCP and WebSocket transports, each handing the
message bodies `framing.FrameBuffer` cuts to `lifecycle.LifecycleProtocol.receive`.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable
from typing import Any, BinaryIO

from pygls.io_ import StdoutWriter
from pygls.server import JsonRPCServer

from pto_lsp.server.early_start import StdinPump
from pto_lsp.server.framing import FrameBuffer
from pto_lsp.server.lifecycle import LifecycleProtocol

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

    _serve_until_cancelled(server, lambda: asyncio.start_server(connection, host, port))


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

    _serve_until_cancelled(server, lambda: serve(connection, host, port))


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
