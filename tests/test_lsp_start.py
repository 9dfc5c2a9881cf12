"""The server's start over stdio: `initialize` answered at once when a previous start
computed the answer for the same client (while the server loads), the same answer as the
one computed, and the session going on as usual after it. Through `python -m pto_lsp
serve` with a raw client (`raw_lsp.py`); the answers are kept in a directory of the test's."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from raw_lsp import RawServer

from pto_lsp.server.initialize_cache import VARIABLE

URI = "file:///work/kernels/start.py"
KERNEL = """\
import pypto.language as pl


@pl.function
def main(a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
    return a
"""
CAPABILITIES = {"general": {"positionEncodings": ["utf-8", "utf-16"]}, "textDocument": {"hover": {}}}
EARLY = "initialize answered before the server loaded"


def session(cache: Path, log: Path, capabilities: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """One start: the initialize answer, then didOpen and, at once, documentSymbol."""
    with RawServer("--log-file", str(log), env={**os.environ, VARIABLE: str(cache)}) as server:
        answer = server.call("initialize", {"processId": None, "rootUri": None, "capabilities": capabilities})
        server.notify("initialized", {})
        server.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": URI, "languageId": "python", "version": 1, "text": KERNEL}},
        )
        symbols = server.call("textDocument/documentSymbol", {"textDocument": {"uri": URI}})["result"]
        assert server.call("shutdown")["result"] is None
        server.notify("exit")
        assert server.wait_exit() == 0
        assert [m["id"] for m in server.received if m.get("id") == answer["id"]] == [answer["id"]]
    return answer, symbols


def test_a_second_start_answers_initialize_early_with_the_same_answer(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first, symbols = session(cache, tmp_path / "first.log", CAPABILITIES)
    assert EARLY not in (tmp_path / "first.log").read_text()
    assert first["result"]["capabilities"]["positionEncoding"] == "utf-8"
    assert [symbol["name"] for symbol in symbols] == ["main"]

    again, symbols_again = session(cache, tmp_path / "again.log", CAPABILITIES)
    assert EARLY in (tmp_path / "again.log").read_text()
    assert again == first  # answered once, the answer the server computes
    assert symbols_again == symbols

    # Another client (here: one that speaks UTF-16 only) gets its own answer, computed.
    other, _ = session(cache, tmp_path / "other.log", {})
    assert EARLY not in (tmp_path / "other.log").read_text()
    assert other["result"]["capabilities"]["positionEncoding"] == "utf-16"


def test_a_kept_answer_that_cannot_be_read_is_computed_again(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first, _ = session(cache, tmp_path / "first.log", CAPABILITIES)
    [kept] = cache.iterdir()
    kept.write_text("{not json", encoding="utf-8")
    again, symbols = session(cache, tmp_path / "again.log", CAPABILITIES)
    assert EARLY not in (tmp_path / "again.log").read_text()
    assert again == first and [symbol["name"] for symbol in symbols] == ["main"]
