"""Passes 5 Simplify, 6 NormalizeStmtStructure and 7 FlattenCallExpr, judged by the real
compiler's own dumps (`../shared/corpus/pass-dumps`): each pass run on the real dump before
it must give the real dump after it."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from pto_lsp.features.dumps import ir_after
from pto_lsp.workspace.engine import AnalysisEngine

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))
import pass_dumps  # noqa: E402

pytestmark = pytest.mark.skipif(not pass_dumps.DUMPS.is_dir(), reason="no pass dumps")

# The programs each pass changes in the real dumps (comments aside).
SIMPLIFY_CHANGES = ["000", "001", "002", "003", "005", "006", "082", "083"]
FLATTEN_WHOLE = ["000", "004", "045", "052", "057", "064"]


def _entry(number: str) -> pass_dumps.Entry:
    return next(entry for entry in pass_dumps.entries() if entry.id == number)


def _lines(text: str) -> list[str]:
    pass_dumps.IGNORE_COMMENTS = True
    # The printer spells a scalar `pl.min` / `pl.max` as a tile op (its roundtrip differs
    # there too): the arithmetic is what this test judges.
    return (
        pass_dumps.normalise(text)
        .replace("pl.tile.min(", "pl.min(")
        .replace("pl.tile.max(", "pl.max(")
        .split("\n")
    )


def _ours(entry: pass_dumps.Entry, stage: int) -> list[str]:
    dump = pass_dumps.transition_dump(entry, stage)
    assert dump is not None and entry.program in dump, "not shown"
    return _lines(dump[entry.program][0])


@pytest.mark.parametrize("number", SIMPLIFY_CHANGES)
def test_simplify_changes_the_lines_the_real_one_changes(number: str):
    """Every line the real Simplify writes anew is ours too; every line it drops is gone."""
    entry = _entry(number)
    before, after = _lines(entry.real(4)), _lines(entry.real(5))
    written = [line for line in after if line not in before]
    dropped = [line for line in before if line not in after]
    assert written or dropped
    ours = _ours(entry, 5)
    assert [line for line in written if line not in ours] == []
    assert [line for line in dropped if line in ours] == []


@pytest.mark.parametrize("stage", [5, 6, 7])
def test_a_loop_of_one_trip_is_folded_and_calls_flattened_as_the_real_dumps_show(stage: int):
    """deepseek_v3_2 decode_back: `pl.range(0, 16, 16)` folded into its function (its
    loop variable a constant, its result the value it yields), then its nested calls
    taken out into `t__tmp_v<n>`, whole dumps equal to the real ones."""
    entry = _entry("000")
    assert _ours(entry, stage) == _lines(entry.real(stage))


@pytest.mark.parametrize("number", FLATTEN_WHOLE)
def test_flatten_call_expr_gives_the_real_dump(number: str):
    entry = _entry(number)
    assert _lines(entry.real(6)) != _lines(entry.real(7))
    assert _ours(entry, 7) == _lines(entry.real(7))


def _compiled(source: str, after: str) -> str:
    analysis = AnalysisEngine().analyse_text("k.py", textwrap.dedent(source))
    return ir_after(analysis, after)


def test_simplify_folds_top_level_constants_and_drops_them():
    dump = _compiled(
        """\
        import pypto.language as pl

        @pl.program
        class P:
            @pl.function(type=pl.FunctionType.InCore)
            def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
                row: pl.Scalar[pl.INDEX] = 0 * 16
                t = pl.load(x, [row, 0], [64, 64])
                out = pl.store(pl.exp(t), [row + 0, 0], out)
                return out
        """,
        "7",
    )
    assert "row" not in dump
    assert "pl.tile.load(x__ssa_v0, [0, 0], [64, 64]" in dump
    assert "t__tmp_v0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t__ssa_v0)" in dump
    assert "pl.tile.store(t__tmp_v0, [0, 0], out__ssa_v0)" in dump


def test_a_bool_constant_the_real_simplify_stops_on_is_not_shown():
    dump = _compiled(
        """\
        import pypto.language as pl

        @pl.program
        class P:
            @pl.function(type=pl.FunctionType.Orchestration)
            def main(self, a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
                f: pl.Scalar[pl.BOOL] = True
                return a
        """,
        "5",
    )
    assert dump == (
        "# pypto.program: P -- not shown: the real compiler stops at Simplify: "
        "TypeError: Operator 'eq' does not accept bool dtype (line 7)"
    )
