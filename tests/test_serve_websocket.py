"""`pto-lsp serve --ws HOST:PORT` after the documented install (`pip install 'pto-lsp[ws]'`):
a websocket client initialises, opens a kernel and gets its diagnostics."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from typing import Any

import pytest
from conftest import REPO

websockets_client = pytest.importorskip("websockets.sync.client")

_KERNEL = """\
import pypto.language as pl


@pl.function
def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    y = x
    del y
    return x
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _message(method: str, params: dict[str, Any], id_: int | None = None) -> str:
    body: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
    if id_ is not None:
        body["id"] = id_
    return json.dumps(body)


def test_a_websocket_client_gets_diagnostics() -> None:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "pto_lsp", "serve", "--ws", f"127.0.0.1:{port}"],
        cwd=REPO,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                connection = websockets_client.connect(f"ws://127.0.0.1:{port}", open_timeout=2)
                break
            except OSError:
                assert server.poll() is None, server.stderr.read() if server.stderr else ""
                assert time.monotonic() < deadline, "the websocket server never listened"
                time.sleep(0.2)
        with connection as ws:
            ws.send(_message("initialize", {"processId": None, "rootUri": None, "capabilities": {}}, 1))
            assert json.loads(ws.recv(timeout=20))["result"]["capabilities"]["textDocumentSync"]
            ws.send(_message("initialized", {}))
            uri = "file:///work/kernels/ws.py"
            document = {"uri": uri, "languageId": "python", "version": 1, "text": _KERNEL}
            ws.send(_message("textDocument/didOpen", {"textDocument": document}))
            while True:
                message = json.loads(ws.recv(timeout=20))
                if message.get("method") == "textDocument/publishDiagnostics":
                    break
            [diagnostic] = message["params"]["diagnostics"]
            assert diagnostic["message"].startswith("Unsupported statement type: Delete")
            assert diagnostic["range"]["start"]["line"] == 6
    finally:
        server.terminate()
        server.wait(timeout=10)
