"""Hostile input, round 4 (issue 31), through an LSP client over stdio, TCP and WebSocket: a
file full of `Content-Length:` lines, changes sent for a document before its `didOpen`
during the server's start, numbers past 64 bits, a wrongly typed project setting, codings
that make Python read other text than the editor shows, a NUL byte, what Python itself
refuses, a file over 1 MiB over WebSocket, and a port probe on a TCP server.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from conftest import run_pto_lsp
from raw_lsp import TIMEOUT, RawServer

from pto_lsp.server.initialize_cache import VARIABLE

KERNEL = """\
import pypto.language as pl


@pl.function
def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    y = x
    del y
    return x
"""
DELETE = "Unsupported statement type: Delete"


def _open(server: RawServer, path: Path, text: str, version: int = 1) -> None:
    document = {"uri": path.as_uri(), "languageId": "python", "version": version, "text": text}
    server.notify("textDocument/didOpen", {"textDocument": document})


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
