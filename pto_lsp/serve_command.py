"""`pto-lsp serve`: run the language server over stdio, TCP or websocket."""

from __future__ import annotations

import logging
import os
import sys
from typing import BinaryIO

from pto_lsp.server import create_server


def _host_port(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit():
        raise SystemExit(f"pto-lsp serve: expected HOST:PORT, got {value!r}")
    return host, int(port)


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


def main_serve(tcp: str | None, ws: str | None, log_file: str | None) -> int:
    # The log goes to a file or stderr, never stdout.
    destination = {"filename": log_file} if log_file else {"stream": sys.stderr}
    logging.basicConfig(
        level=logging.INFO if log_file else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        **destination,
    )
    server = create_server()
    if tcp:
        server.start_tcp(*_host_port(tcp))
    elif ws:
        server.start_ws(*_host_port(ws))
    else:
        protocol_out = _claim_stdout_for_the_protocol()
        server.start_io(stdin=sys.stdin.buffer, stdout=protocol_out)
    return 0
