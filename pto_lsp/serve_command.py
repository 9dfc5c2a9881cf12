"""`pto-lsp serve`: run the language server over stdio, TCP or websocket."""

from __future__ import annotations

import logging
import sys

from pto_lsp.server import create_server


def _host_port(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit():
        raise SystemExit(f"pto-lsp serve: expected HOST:PORT, got {value!r}")
    return host, int(port)


def main_serve(tcp: str | None, ws: str | None, log_file: str | None) -> int:
    # stdout carries the protocol over stdio, so the log goes to a file or stderr.
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
        server.start_io()
    return 0
