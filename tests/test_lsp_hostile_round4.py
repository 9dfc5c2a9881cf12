"""Hostile input, round 4 (issue 31), through an LSP client over stdio, TCP and WebSocket: a
file full of `Content-Length:` lines, changes sent for a document before its `didOpen`
during the server's start, numbers past 64 bits, a wrongly typed project setting, codings
that make Python read other text than the editor shows, a NUL byte, what Python itself
refuses, a file over 1 MiB over WebSocket, and a port probe on a TCP server.
"""

from __future__ import annotations

import json
import os
import socket
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import run_pto_lsp
from raw_lsp import TIMEOUT, RawServer
from test_lsp_hostile_round3 import DELETE, KERNEL, _free_port, _open, _serve, _SocketClient

from pto_lsp.server.initialize_cache import VARIABLE


def _change(server: RawServer, path: Path, version: int, changes: list[dict[str, Any]]) -> None:
    server.notify(
        "textDocument/didChange",
        {"textDocument": {"uri": path.as_uri(), "version": version}, "contentChanges": changes},
    )


def _published(server: RawServer, path: Path, version: int, timeout: float = TIMEOUT) -> list[dict[str, Any]]:
    """The diagnostics published for `path` at `version` (a TimeoutError if none come)."""
    deadline = time.monotonic() + timeout
    while True:
        message = server.notification(
            "textDocument/publishDiagnostics", max(deadline - time.monotonic(), 0.01)
        )
        params = message["params"]
        if params["uri"] == path.as_uri() and params.get("version") == version:
            return params["diagnostics"]


def _view(diagnostics: list[dict[str, Any]]) -> list[tuple[int, str, str]]:
    return sorted((d["range"]["start"]["line"], d["code"], d["message"]) for d in diagnostics)


def _cli_view(path: Path) -> list[tuple[int, str, str]]:
    """(line, code, message) of what `pto-lsp check --format json` says of the file."""
    run = run_pto_lsp("check", "--format", "json", str(path))
    [entry] = json.loads(run.stdout)["files"]
    return _view(entry["diagnostics"])


# ---------------------------------------------------------------- changes before didOpen, at start


def _edit_line(line: int, start: int, end: int, text: str) -> dict[str, Any]:
    return {
        "range": {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}},
        "text": text,
    }


def _session_with_stray_changes(server: RawServer, path: Path) -> list[dict[str, Any]]:
    """Changes for a document not yet open, then its didOpen and one real edit (`del y` ->
    `pass`): the diagnostics of the edit's version."""
    server.call(
        "initialize",
        {
            "processId": None,
            "rootUri": None,
            "capabilities": {},
            "initializationOptions": {"ptoLsp": {"debounceMs": 0}},
        },
    )
    server.notify("initialized", {})
    _change(server, path, 1, [_edit_line(0, 0, 0, "pl.lod()\n")])
    _change(server, path, 2, [_edit_line(1, 0, 0, "    indented\n")])
    _change(server, path, 3, [{"text": "x = pl.lod(1)\n"}])
    _open(server, path, KERNEL.replace("    return x", "    return pl.lod(x)"), version=1)
    _published(server, path, 1)  # at a start, before the server has loaded (see below)
    _change(server, path, 2, [_edit_line(6, 4, 9, "pass")])
    return _published(server, path, 2)


def test_changes_sent_before_didopen_during_the_start_are_ignored(tmp_path: Path) -> None:
    cache, path = tmp_path / "cache", tmp_path / "early.py"
    env = {**os.environ, VARIABLE: str(cache)}
    with RawServer(env=env) as server:  # the first start: the initialize answer is kept
        reference = _session_with_stray_changes(server, path)
    with RawServer("--log-file", str(tmp_path / "early.log"), env=env) as server:
        early = _session_with_stray_changes(server, path)
        assert "Traceback" not in server.stderr
    assert "published before the server loaded" in (tmp_path / "early.log").read_text()
    assert _view(early) == _view(reference)
    edited = tmp_path / "edited.py"
    edited.write_text(KERNEL.replace("    return x", "    return pl.lod(x)").replace("    del y", "    pass"))
    assert _view(early) == _cli_view(edited)


# ---------------------------------------------------------------- framing: a file full of headers


def _content_length_kernel(lines: int) -> str:
    return KERNEL + "".join(f"# Content-Length: {n}\n" for n in range(lines))


@pytest.mark.parametrize("tcp", [False, True], ids=["stdio", "tcp"])
def test_a_file_full_of_content_length_lines_arrives_in_linear_time(tmp_path: Path, tcp: bool) -> None:
    """30,000 lines of `# Content-Length: N` took 21 s to arrive (each partial read was
    re-parsed at every header-like line in it); the whole session waited meanwhile."""
    path = tmp_path / "headers.py"
    text = _content_length_kernel(30_000)
    with RawServer(tcp=tcp) as server:
        server.initialize()
        start = time.monotonic()
        _open(server, path, text)
        shown = _published(server, path, 1, timeout=60)
        elapsed = time.monotonic() - start
        assert [d["message"] for d in shown] == [DELETE]
        assert elapsed < 8, f"{elapsed:.1f} s to publish"  # 0.5 s here; 21 s before
        assert server.call("shutdown")["result"] is None
        assert "Traceback" not in server.stderr


# ---------------------------------------------------------------- sockets


def _connect(port: int) -> socket.socket:
    deadline = time.monotonic() + TIMEOUT
    while True:
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        except OSError:
            assert time.monotonic() < deadline, "the server never listened"
            time.sleep(0.1)


def test_port_probes_and_an_idle_connection_leave_a_tcp_server_to_its_editor(tmp_path: Path) -> None:
    port = _free_port()
    server = _serve("--tcp", f"127.0.0.1:{port}")
    try:
        for _ in range(3):  # a launcher's or a health check's probes: connect, close
            _connect(port).close()
        with _connect(port) as half:  # a probe that sends a byte of junk, then closes
            half.sendall(b"\x00")
        time.sleep(0.5)
        assert server.poll() is None, "a port probe ended the server"
        idle = _SocketClient(port)  # connected, never initializes
        idle.send({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": {}})
        assert idle.answer(7)["error"]["code"] == -32002  # not initialized
        editor = _SocketClient(port)
        editor.send(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {"processId": None, "capabilities": {}},
            }
        )
        assert "result" in editor.answer(1)
        assert idle.receive() is None  # it gave way to the editor
        editor.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        uri = (tmp_path / "kernel.py").as_uri()
        document = {"uri": uri, "languageId": "python", "version": 1, "text": KERNEL}
        editor.send(
            {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": document}}
        )
        while (message := editor.receive()) is not None and message.get(
            "method"
        ) != "textDocument/publishDiagnostics":
            pass
        assert message is not None and [d["message"] for d in message["params"]["diagnostics"]] == [DELETE]
        refused = _SocketClient(port)  # once a client is in session, another is refused
        assert "another client is connected" in refused.receive()["params"]["message"]  # type: ignore[index]
        editor.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        assert editor.answer(2)["result"] is None
        editor.send({"jsonrpc": "2.0", "method": "exit"})
        assert server.wait(timeout=TIMEOUT) == 0
        assert b"Traceback" not in server.stderr.read()  # type: ignore[union-attr]
    finally:
        if server.poll() is None:
            server.kill()
        server.wait(timeout=10)


def test_a_websocket_client_opens_a_file_of_several_megabytes() -> None:
    client = pytest.importorskip("websockets.sync.client")
    port = _free_port()
    server = _serve("--ws", f"127.0.0.1:{port}")
    text = KERNEL + "".join(
        f"# padding line {n:08d} of a large generated kernel file\n" for n in range(60_000)
    )
    assert len(text) > 3 << 20
    try:
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                connection = client.connect(f"ws://127.0.0.1:{port}", open_timeout=5, max_size=None)
                break
            except OSError:
                assert time.monotonic() < deadline, "the websocket server never listened"
                time.sleep(0.2)
        with connection as ws:
            initialize = {
                "processId": None,
                "capabilities": {},
                "initializationOptions": {"ptoLsp": {"debounceMs": 0}},
            }
            ws.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": initialize}))
            assert "result" in json.loads(ws.recv(timeout=TIMEOUT))
            ws.send(json.dumps({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
            document = {"uri": "file:///work/large.py", "languageId": "python", "version": 1, "text": text}
            ws.send(
                json.dumps(
                    {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": document}}
                )
            )
            while True:
                message = json.loads(ws.recv(timeout=60))
                if message.get("method") == "textDocument/publishDiagnostics":
                    break
            assert [d["message"] for d in message["params"]["diagnostics"]] == [DELETE]
    finally:
        server.terminate()
        server.wait(timeout=10)


# ---------------------------------------------------------------- what Python reads, what it refuses

_HIDDEN = "# \\x0a    x = pl.lod(x)\n"  # to unicode_escape a line break, then a call of `pl.lod`
_SAME_TEXT = {
    "unicode_escape": "# coding: unicode_escape\n" + KERNEL + _HIDDEN,
    "utf-7 on line 2": "#!/usr/bin/env python\n# -*- coding: utf-7 -*-\n" + KERNEL + "# +AAo-x = pl.lod(x)\n",
    "raw_unicode_escape": "# vim: set fileencoding=raw_unicode_escape :\n" + KERNEL,
    "too deep for Python": KERNEL.replace("    y = x\n", "    y = " + "-" * 10_000 + "x\n"),
    "latin-1 (read as Python reads it)": "# coding: latin-1\n" + KERNEL,
}


def test_the_editor_and_check_agree_on_what_python_reads(tmp_path: Path) -> None:
    with RawServer() as server:
        server.initialize()
        for number, (name, text) in enumerate(_SAME_TEXT.items()):
            path = tmp_path / f"coding_{number}.py"
            path.write_text(text, encoding="utf-8")  # as the editor saves it
            _open(server, path, text)
            shown = _view(_published(server, path, 1))
            assert shown == _cli_view(path), name
            codes = [code for _, code, _ in shown]
            if "latin-1" in name:
                assert codes == ["PTO501"], name
            elif "deep" in name:
                assert codes == ["PTO002"], name
            else:  # one error, on the coding line, and nothing Python alone reads
                [(line, code, message)] = shown
                assert code == "PTO004" and "makes Python read other text than an editor shows" in message
                assert line == next(n for n, row in enumerate(text.splitlines()) if "coding" in row)
        assert "Traceback" not in server.stderr


@pytest.mark.parametrize("where", ["a comment above the kernel", "a comment in the kernel"])
def test_a_nul_byte_is_pythons_error_in_the_editor_as_check_refuses_it(tmp_path: Path, where: str) -> None:
    text = (
        "# a\x00b\n" + KERNEL if "above" in where else KERNEL.replace("    del y\n", "    del y  # a\x00b\n")
    )
    path = tmp_path / "nul.py"
    path.write_text(text, encoding="utf-8")
    check = run_pto_lsp("check", str(path))
    assert check.returncode == 1 and "not a text file (it contains NUL bytes)" in check.stderr
    with RawServer() as server:
        server.initialize()
        _open(server, path, text)
        [(line, code, message)] = _view(_published(server, path, 1))
        assert (line, code) == (text[: text.index("\x00")].count("\n"), "PTO001")
        assert message == "SyntaxError: source code string cannot contain null bytes"  # CPython's words
        # The byte deleted (a paste of the whole text: no keystroke's hold): the kernel's own error.
        _change(server, path, 2, [{"text": text.replace("\x00", "")}])
        assert [message for _, _, message in _view(_published(server, path, 2))] == [DELETE]


# ---------------------------------------------------------------- numbers past 64 bits, project settings

_PAST_INT64 = """\
import pypto.language as pl

N = 1 << 64


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i in pl.unroll(N):
            t = pl.load(a, [0, 0], [64, 64])
            out = pl.store(t, [0, 0], out)
        return out
"""


def test_a_loop_bound_past_64_bits_is_published_as_check_says(tmp_path: Path) -> None:
    path = tmp_path / "big.py"
    path.write_text(_PAST_INT64, encoding="utf-8")
    with RawServer() as server:
        server.initialize()
        _open(server, path, _PAST_INT64)
        shown = _view(_published(server, path, 1))
        assert shown == _cli_view(path)
        [(line, code, message)] = shown
        assert (line, code) == (8, "PTO502")
        assert message.startswith("Failed to parse function 'k': __init__(): incompatible function arguments")
        assert "Traceback" not in server.stderr


def test_a_wrongly_typed_project_setting_leaves_the_editor_its_diagnostics(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.pto-lsp]\nsoc = ["950"]\n', encoding="utf-8")
    path = tmp_path / "kernel.py"
    path.write_text(KERNEL, encoding="utf-8")
    with RawServer() as server:
        server.initialize()
        _open(server, path, KERNEL)
        assert [message for _, _, message in _view(_published(server, path, 1))] == [DELETE]
        assert "Traceback" not in server.stderr
