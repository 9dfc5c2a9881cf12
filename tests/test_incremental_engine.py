"""The incremental engine equals a from-scratch analysis after any sequence of edits.

Edits go through the same path the server uses (LSP content changes applied to
a Document, its tree-sitter tree edited and re-parsed, units re-analysed only
when their fingerprint changed); the reference is a fresh engine on the final text.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lsprotocol import types as lsp

from pto_lsp.documents import Document
from pto_lsp.engine import AnalysisEngine
from pto_lsp.positions import Encoding

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.py"))
ALPHABET = st.sampled_from(
    [
        "a",
        "b",
        " ",
        "\n",
        "(",
        ")",
        "[",
        "]",
        ":",
        ",",
        "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)\n",
        "中",
        "😀",
        "\r\n",
        "    ",
        "#",
        '"',
    ]
)


def diagnostics_key(analysis) -> list[tuple]:
    return [(d.code, d.span, d.message) for d in analysis.diagnostics]


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(EXAMPLES) - 1), st.data())
def test_incremental_analysis_equals_a_fresh_one_after_random_edits(example_index, data):
    text = EXAMPLES[example_index].read_text()
    document = Document("file:///k.py", 1, text)
    engine = AnalysisEngine()
    engine.analyse("k.py", document.units())
    for version in range(2, data.draw(st.integers(3, 14))):
        lines = document.text.split("\n")
        line = data.draw(st.integers(0, len(lines) - 1))
        width = len(lines[line].encode("utf-16-le")) // 2
        start = data.draw(st.integers(0, width))
        end = data.draw(st.integers(start, width))
        insert = data.draw(st.lists(ALPHABET, max_size=3).map("".join))
        change = lsp.TextDocumentContentChangePartial(
            range=lsp.Range(start=lsp.Position(line, start), end=lsp.Position(line, end)), text=insert
        )
        document.apply([change], version, Encoding.UTF16)
        incremental = engine.analyse("k.py", document.units())
        fresh = AnalysisEngine().analyse_text("k.py", document.text)
        assert diagnostics_key(incremental) == diagnostics_key(fresh)
        # The document's tree was edited, not rebuilt: it must cut the text like a fresh parse.
        assert document.units() == Document("file:///k.py", version, document.text).units()


def test_an_edit_in_one_function_reanalyses_only_that_unit():
    text = "\n\n".join(path.read_text() for path in EXAMPLES[:3]).replace(
        "import pypto.language as pl\n", "", 2
    )
    document = Document("file:///k.py", 1, text)
    engine = AnalysisEngine()
    engine.analyse("k.py", document.units())
    before = engine.units_analysed
    last_line = len(document.text.split("\n")) - 2
    document.apply(
        [
            lsp.TextDocumentContentChangePartial(
                range=lsp.Range(start=lsp.Position(last_line, 0), end=lsp.Position(last_line, 0)), text=" "
            )
        ],
        2,
        Encoding.UTF16,
    )
    engine.analyse("k.py", document.units())
    assert engine.units_analysed - before == 1
