"""`pto-lsp serve`: run the language server over stdio, TCP or websocket."""

from __future__ import annotations

import gc
import importlib.util
import logging
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, BinaryIO

from pto_lsp.server import memory_trace
from pto_lsp.server.early_open import WAIT_FOR_INITIALIZE, FirstDocuments, publish_first_documents
from pto_lsp.server.early_start import EarlyInitialize, StdinPump

if TYPE_CHECKING:
    from pto_lsp.server.app import PtoLanguageServer


class UsageError(Exception):
    """Bad usage of `serve`: said in one line, exit status 2."""


def _host_port(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    if not host or not (port.isascii() and port.isdigit()) or not 0 <= int(port) <= 65535:
        raise UsageError(f"expected HOST:PORT with a port from 0 to 65535, got {value!r}")
    return host.strip("[]"), int(port)


def _check_listen(host: str, port: int) -> None:
    """Fail now, in one line, on a host that does not resolve or a port that is taken
    (the server would otherwise die with a traceback inside its event loop)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as error:
        raise UsageError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            raise UsageError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None


def _claim_stdout_for_the_protocol() -> BinaryIO:
    """Keep the real stdout for LSP messages only; anything else printed goes to stderr.

    Over stdio, one stray `print` would corrupt the protocol stream, so file
    descriptor 1 is pointed at stderr and the protocol writes to a duplicate.
    """
    protocol = os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    return protocol


def _load_server(early: EarlyInitialize | None = None, out: BinaryIO | None = None) -> PtoLanguageServer:
    """The server, with pygls, lsprotocol and the compiler: most of the start's time. Over
    stdio, the documents opened while it starts are analysed and their diagnostics written
    to `out` first (`early_open`), and the server adopts them.

    What the imports make (a thousand lsprotocol classes first of all) lives as long as the
    server: the collector, which would walk it over and over meanwhile, is paused, and
    what was made is frozen (never walked again; ~7 % less CPU to load)."""
    gc.disable()
    try:
        first = _first_documents(early, out) if early is not None and out is not None else None
        from pto_lsp.server.app import create_server

        server = create_server()
        if first is not None:
            server.adopt(first)
        return server
    finally:
        if early is not None:
            early.messages.stop()
        gc.freeze()
        gc.enable()


def _first_documents(early: EarlyInitialize, out: BinaryIO) -> FirstDocuments | None:
    """The documents opened by now, analysed and published (None: none, or no early start)."""
    try:
        from pto_lsp.workspace import engine  # noqa: F401  # the compiler, while `initialize` comes

        early.first_seen.wait(WAIT_FOR_INITIALIZE)
        if not early.answered:  # the client waits for the server's own answer: nothing is open
            return None
        return publish_first_documents(early.messages, early.params, early.result, out)
    except Exception:  # the server opens them as usual
        logging.getLogger(__name__).exception("could not publish the first documents early")
        return None


def main_serve(
    tcp: str | None,
    ws: str | None,
    log_file: str | None,
    allowed_origins: Sequence[str] = (),
    allow_pypto_check: bool = False,
) -> int:
    try:
        address = _host_port(tcp or ws) if tcp or ws else None
        if ws and importlib.util.find_spec("websockets") is None:
            raise UsageError("--ws needs the websockets package: pip install 'pto-lsp[ws]'")
        if allowed_origins and not ws:
            raise UsageError("--allow-origin applies to --ws only")
        if allow_pypto_check and not (tcp or ws):
            raise UsageError(
                "--allow-pypto-check applies to --tcp and --ws only (over stdio the editor's setting decides)"
            )
        if address is not None:
            _check_listen(*address)
        # The log goes to a file or stderr, never stdout.
        handler = logging.FileHandler(log_file) if log_file else logging.StreamHandler(sys.stderr)
    except UsageError as problem:
        print(f"pto-lsp serve: error: {problem}", file=sys.stderr)
        return 2
    except OSError as error:  # the log file cannot be opened
        print(
            f"pto-lsp serve: error: cannot write the log file {log_file}: {error.strerror}", file=sys.stderr
        )
        return 2
    logging.basicConfig(
        level=logging.INFO if log_file else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        handlers=[handler],
    )
    memory_trace.start_from_environment()  # PTO_LSP_TRACEMALLOC=FILE: where the memory goes
    if tcp and address is not None:
        server = _load_server()
        # A client over the network may not make this machine run kernel files' code
        # unless the command line says so.
        server.pypto_checks.allowed = allow_pypto_check
        server.start_tcp(*address)
    elif ws and address is not None:
        server = _load_server()
        server.pypto_checks.allowed = allow_pypto_check
        server.start_ws(*address, allowed_origins)
    else:
        protocol_out = _claim_stdout_for_the_protocol()
        # Reading starts now, and `initialize` may be answered while the server loads.
        early = EarlyInitialize(protocol_out)
        pump = StdinPump(sys.stdin.buffer, watch=early)
        server = _load_server(early, protocol_out)
        server.protocol.answered_early = early.answered
        server.start_io(stdin=sys.stdin.buffer, stdout=protocol_out, pump=pump)
    memory_trace.write_report()
    return server.exit_status  # LSP: 0 after `shutdown` then `exit`, else 1
