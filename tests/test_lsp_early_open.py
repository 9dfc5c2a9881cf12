"""The first document's diagnostics, published while the server is still loading
(`pto_lsp/server/early_open.py`): when `initialize` is answered from a kept answer, a
document opened right after it is analysed and published before pygls and lsprotocol
load. Through `python -m pto_lsp serve` over stdio with a raw client (`raw_lsp.py`), the
kept answers in a directory of the test's; a first start (nothing kept) is the reference:
the server's own path, which the early publication must match exactly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from raw_lsp import RawServer, frame

from pto_lsp.server.initialize_cache import VARIABLE

URI = "file:///work/kernels/early.py"
# One parser error at a column that differs between UTF-8 and UTF-16 (`café`), one outliner error.
KERNEL = """\
import pypto.language as pl


@pl.function
def main(a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
    café = pl.lod(a, [0, 0], [64, 64])
    return a
"""
FIXED = KERNEL.replace("pl.lod", "pl.load")
CAPABILITIES = {"general": {"positionEncodings": ["utf-8", "utf-16"]}, "textDocument": {"hover": {}}}
EARLY = "published before the server loaded"


def _initialize_params(options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "processId": None,
        "rootUri": None,
        "capabilities": CAPABILITIES,
        "initializationOptions": options or {"ptoLsp": {"debounceMs": 0}},
    }


def _did_open(text: str, version: int = 1) -> dict[str, Any]:
    return {"textDocument": {"uri": URI, "languageId": "python", "version": version, "text": text}}


def _publications(server: RawServer, until_version: int) -> list[dict[str, Any]]:
    """The publications for URI up to the first one for `until_version`."""
    found = []
    while True:
        params = server.notification("textDocument/publishDiagnostics")["params"]
        if params["uri"] == URI:
            found.append(params)
            if params["version"] == until_version:
                return found


def _start(cache: Path, log: Path) -> RawServer:
    return RawServer("--log-file", str(log), env={**os.environ, VARIABLE: str(cache)})


def _first_publication(cache: Path, log: Path, options: dict[str, Any] | None = None) -> dict[str, Any]:
    with _start(cache, log) as server:
        server.call("initialize", _initialize_params(options))
        server.notify("initialized", {})
        server.notify("textDocument/didOpen", _did_open(KERNEL))
        [first] = _publications(server, 1)
        assert server.call("shutdown")["result"] is None
        server.notify("exit")
        assert server.wait_exit() == 0
    return first


def test_the_first_document_is_published_before_the_server_loads_as_the_server_would(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    reference = _first_publication(cache, tmp_path / "first.log")  # nothing kept: the server's own path
    assert EARLY not in (tmp_path / "first.log").read_text()
    # The unknown op at its UTF-8 column (the client speaks UTF-8): 12 bytes, 11 UTF-16 units.
    assert [(d["code"], d["range"]["start"]) for d in reference["diagnostics"]] == [
        ("PTO101", {"line": 5, "character": 4}),
        ("PTO504", {"line": 6, "character": 12}),
    ]

    with _start(cache, tmp_path / "early.log") as server:
        server.call("initialize", _initialize_params())
        server.notify("initialized", {})
        server.notify("textDocument/didOpen", _did_open(KERNEL))
        # As VS Code does: requests about the document at once (they read it: they wait).
        asked = server.request("textDocument/documentSymbol", {"textDocument": {"uri": URI}})
        early = server.notification("textDocument/publishDiagnostics")["params"]
        assert early == reference
        # The server, loaded, goes on from what the start made: the same document, the same
        # diagnostics (published again, never different), its outline, and its edits.
        symbols = server.response(asked)["result"]
        assert [symbol["name"] for symbol in symbols] == ["main"]
        line = KERNEL.splitlines()[6]
        server.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": URI, "version": 2},
                "contentChanges": [
                    {
                        "range": {
                            "start": {
                                "line": 6,
                                "character": len(line.encode()) - len("(a, [0, 0], [64, 64])") - 1,
                            },
                            "end": {
                                "line": 6,
                                "character": len(line.encode()) - len("(a, [0, 0], [64, 64])"),
                            },
                        },
                        "text": "ad",
                    }
                ],
            },
        )
        later = _publications(server, 2)
        assert all(p["diagnostics"] == reference["diagnostics"] for p in later if p["version"] == 1)
        assert [d["code"] for d in later[-1]["diagnostics"]] == ["PTO101"]
        hover = server.call(
            "textDocument/hover", {"textDocument": {"uri": URI}, "position": {"line": 6, "character": 14}}
        )["result"]
        assert hover is not None and "pl.load" in json.dumps(hover)
        assert server.call("shutdown")["result"] is None
        server.notify("exit")
        assert server.wait_exit() == 0
    assert EARLY in (tmp_path / "early.log").read_text()


def test_a_document_changed_before_the_server_loaded_is_never_published_for_its_old_text(
    tmp_path: Path,
) -> None:
    cache = tmp_path / "cache"
    _first_publication(cache, tmp_path / "first.log")
    with _start(cache, tmp_path / "early.log") as server:
        server.call("initialize", _initialize_params())
        opened = {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": _did_open(KERNEL)}
        changed = {
            "jsonrpc": "2.0",
            "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": FIXED}]},
        }
        # Both at once: the change is there before the first analysis can be written.
        server.send_bytes(b"".join(frame(json.dumps(m).encode()) for m in (opened, changed)))
        published = _publications(server, 2)
        assert [p["version"] for p in published] == [2]
        assert [d["code"] for d in published[0]["diagnostics"]] == ["PTO101"]
        server.call("shutdown")
        server.notify("exit")
        assert server.wait_exit() == 0
    assert EARLY not in (tmp_path / "early.log").read_text()


def test_the_settings_sent_with_initialize_apply_to_the_early_publication(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    options = {"ptoLsp": {"debounceMs": 0, "diagnostics": {"disabled": ["PTO504"]}}}
    reference = _first_publication(cache, tmp_path / "first.log", options)
    early = _first_publication(cache, tmp_path / "early.log", options)
    assert EARLY in (tmp_path / "early.log").read_text()
    assert early == reference
    assert [d["code"] for d in early["diagnostics"]] == ["PTO101"]


def test_what_the_early_publication_needs_loads_without_pygls_and_lsprotocol() -> None:
    """The point of publishing early: lsprotocol's types and pygls's server take ~0.5 s to load,
    more than the analysis of a kernel. What `early_open` imports must not pull them in."""
    probe = (
        "import sys\n"
        "import pto_lsp.cli.serve, pto_lsp.server.early_open\n"
        "from pto_lsp.features.publishing import DiagnosticPayloads\n"
        "from pto_lsp.workspace.documents import DocumentStore\n"
        "from pto_lsp.workspace.engine import AnalysisEngine\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('lsprotocol', 'cattrs', 'attrs') "
        "or m.startswith('pygls.') and m != 'pygls.uris'))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_settings_sent_before_the_document_opened_leave_it_to_the_server(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _first_publication(cache, tmp_path / "first.log")
    with _start(cache, tmp_path / "early.log") as server:
        server.call("initialize", _initialize_params())
        server.notify("initialized", {})
        settings = {"ptoLsp": {"debounceMs": 0, "diagnostics": {"disabled": ["PTO101"]}}}
        server.notify("workspace/didChangeConfiguration", {"settings": settings})
        server.notify("textDocument/didOpen", _did_open(KERNEL))
        [published] = _publications(server, 1)
        assert [d["code"] for d in published["diagnostics"]] == ["PTO504"]  # the new settings'
        server.call("shutdown")
        server.notify("exit")
        assert server.wait_exit() == 0
    assert EARLY not in (tmp_path / "early.log").read_text()
