"""print -> parse -> print is a fixpoint, and the re-parsed IR is structurally equal.

- reference §6.1 (the real `test_cache_policy_roundtrip.py`) over our API; where the
  real test compares text only (its comparator lacked the attr's value type), we
  also compare the IR with `structural_equal`;
- every program and free function of `examples/` and of every corpus file the real
  parser accepted;
- `structural_equal` / `structural_hash` themselves: they must see the differences
  that matter, or the round-trip checks above would prove nothing.
"""

from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path

import pytest
from cache_policy_programs import (
    BYPASS_MARKER,
    P_ALT_SUBMODULE,
    P_AT,
    P_EMPTY,
    P_LATE,
    P_MULTI,
    P_SPMD,
    parse_program,
    program_decls,
    reparse,
    repeat_program,
)
from conftest import CORPUS, EXAMPLES
from test_corpus import accepted_files

from compiler import Severity, analyse_source
from compiler.ir import AssignStmt, BinaryExpr, Var
from compiler.ir.equality import (
    StructuralMismatch,
    assert_structural_equal,
    structural_equal,
    structural_hash,
)
from compiler.printer import print_module, print_program

# --- reference §6.1 ---------------------------------------------------------------------------------


def test_parse_at_scope_records_declaration_on_the_scope():
    assert program_decls(parse_program(P_AT)) == [("InCoreScopeStmt", [("b", 1)])]


def test_roundtrip_at_scope_recovers_declaration():
    original = parse_program(P_AT)
    _, again = reparse(original)
    assert program_decls(again) == program_decls(original)
    assert_structural_equal(again, original)


def test_parse_spmd_for_attaches_declaration_to_the_incore_carrier():
    # On the InCore carrier inside the Spmd scope, not on the SpmdScopeStmt.
    assert program_decls(parse_program(P_SPMD)) == [("InCoreScopeStmt", [("b", 1)])]


def test_roundtrip_spmd_for_recovers_declaration():
    original = parse_program(P_SPMD)
    _, again = reparse(original)
    assert program_decls(again) == [("InCoreScopeStmt", [("b", 1)])]
    assert_structural_equal(again, original)


def test_roundtrip_empty_spmd_body_recovers_declaration():
    original = parse_program(P_EMPTY)
    assert program_decls(original) == [("InCoreScopeStmt", [("b", 1)])]
    _, again = reparse(original)
    assert program_decls(again) == [("InCoreScopeStmt", [("b", 1)])]
    assert_structural_equal(again, original)


def test_roundtrip_preserves_both_policies_and_their_order():
    original = parse_program(P_MULTI)
    assert program_decls(original) == [("InCoreScopeStmt", [("b", 1), ("a", 0)])]
    _, again = reparse(original)
    assert program_decls(again) == [("InCoreScopeStmt", [("b", 1), ("a", 0)])]
    assert_structural_equal(again, original)


def test_roundtrip_normalises_position_of_a_late_declaration():
    original = parse_program(P_LATE)
    text, again = reparse(original)
    assert program_decls(again) == [("InCoreScopeStmt", [("b", 1)])]
    assert_structural_equal(again, original)
    # The late marker moved to the top of the scope: P_LATE now prints exactly as P_AT.
    assert text == print_program(parse_program(P_AT))


def test_parse_accepts_the_submodule_spelling_and_normalises_it():
    original = parse_program(P_ALT_SUBMODULE)
    assert program_decls(original) == [("InCoreScopeStmt", [("b", 1)])]
    text, again = reparse(original)
    assert BYPASS_MARKER in text
    assert "pl.tensor.set_cache_policy(" not in text
    assert program_decls(again) == [("InCoreScopeStmt", [("b", 1)])]
    assert_structural_equal(again, original)


def test_repeating_the_same_policy_for_one_tensor_is_accepted():
    original = parse_program(repeat_program("BYPASS", "BYPASS"))
    assert sum(len(decls) for _, decls in program_decls(original)) == 1
    text, again = reparse(original)
    assert text.count("pl.set_cache_policy(a, pl.CachePolicy.BYPASS)") == 1  # kept once
    assert_structural_equal(again, original)


def test_conflicting_policies_for_one_tensor_are_rejected():
    analysis = analyse_source(repeat_program("BYPASS", "DEFAULT"))
    assert [d.message for d in analysis.diagnostics if d.severity is Severity.ERROR] == [
        "pl.set_cache_policy() declares conflicting policies for 'a' in one scope: BYPASS then DEFAULT"
    ]


# --- every real program -----------------------------------------------------------------------------


# Programs whose IR the dump does not keep yet, and why (strict: one that starts to pass is noticed).
_NOT_KEPT = {
    # `pl.mrgsort(s, block_len=64)` of a typed tensor prints as the real builder's
    # `pl.tensor.mrgsort_format1(s, pl.const(64, pl.INT32))`, which our re-read does not type.
    "pypto-lib/examples/advanced/topk.py": [
        pytest.mark.xfail(strict=True, reason="the re-read does not type tensor.mrgsort_format1")
    ],
    # `hc_pre = _bind_hc_pre()`: a helper a plain function defines and returns, whose call the
    # static reading leaves untyped; the printed module defines it at the top, where its
    # return (a parameter) is typed.
    # Their config's sizes now folded (`from config import ...`, read beside them): a shape
    # `ORI_BLOCK_NUM * BLOCK_SIZE` is the number 16384 in the source's IR, and prints as
    # `pl.const(128, pl.INDEX) * pl.const(128, pl.INDEX)`, which the re-read keeps as an
    # expression; `if REAL_VOCAB_TAIL != 0` folds to a constant the print writes as
    # `pl.const(...)`, re-read as an expression.
    "pypto-lib/models/deepseek_v4_pro/decode_sparse_attn.py": [
        pytest.mark.xfail(strict=True, reason="a product of folded sizes prints as a product of consts")
    ],
    "pypto-lib/models/qwen3_14b/greedy_sample.py": [
        pytest.mark.xfail(strict=True, reason="a folded constant condition prints as an expression")
    ],
    "pypto-lib/models/deepseek_v4_pro/hc_pre.py": [
        pytest.mark.xfail(
            strict=True, reason="the source's hc_pre comes from a factory call, the print's does not"
        )
    ],
}


def _real_files() -> list:
    files = [pytest.param(path, id=f"examples/{path.name}") for path in sorted(EXAMPLES.glob("*.py"))]
    if CORPUS.is_dir():
        files += [
            pytest.param(
                path, id=str(path.relative_to(CORPUS)), marks=_NOT_KEPT.get(str(path.relative_to(CORPUS)), [])
            )
            for path in accepted_files()
        ]
    else:
        files.append(pytest.param(None, marks=pytest.mark.skip(reason=f"no corpus at {CORPUS}")))
    return files


@pytest.mark.parametrize("path", _real_files())
def test_print_parse_print_is_a_fixpoint_and_keeps_the_ir(path: Path):
    original = analyse_source(path.read_text(encoding="utf-8"), str(path))
    assert original.programs or original.functions
    if any(d.severity == 1 and not d.code.startswith(("PTO1", "PTO2")) for d in original.diagnostics):
        pytest.skip("a statement the parser rejects has no IR to print")
    text = print_module(original)
    # (read beside the source: the modules it imports from its directory are read again)
    again = analyse_source(text, str(path.with_name("printed.py")))
    front_end_errors = [d for d in again.diagnostics if d.stage.value in ("syntax", "parser")]
    assert front_end_errors == [], [d.message for d in front_end_errors]
    assert print_module(again) == text
    assert len(again.programs) == len(original.programs)
    assert len(again.functions) == len(original.functions)
    for before, after in [*zip(original.programs, again.programs), *zip(original.functions, again.functions)]:
        assert_structural_equal(after, before)
        assert structural_hash(after) == structural_hash(before)


# --- structural equality and hashing ---------------------------------------------------------------

SMALL = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.function
    def f(first: pl.Scalar[pl.INDEX], second: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        result = first - second
        return result
    """
)


def _function(text: str):
    (function,) = analyse_source(text).functions
    return function


def test_equality_matches_vars_by_position_not_by_name():
    renamed = SMALL.replace("first", "p").replace("second", "q").replace("result", "r")
    assert structural_equal(_function(SMALL), _function(renamed))
    assert structural_hash(_function(SMALL)) == structural_hash(_function(renamed))


def test_equality_sees_swapped_operands():
    swapped = SMALL.replace("first - second", "second - first")
    assert not structural_equal(_function(SMALL), _function(swapped))
    assert structural_hash(_function(SMALL)) != structural_hash(_function(swapped))


def test_equality_sees_one_var_used_for_two():
    # `first - first` reads one binding twice: it cannot correspond to `first - second`.
    same_twice = SMALL.replace("first - second", "first - first")
    assert not structural_equal(_function(SMALL), _function(same_twice))


def test_equality_ignores_spans():
    moved = SMALL.replace("result = first - second", "result = (\n        first - second\n    )")
    assert structural_equal(_function(SMALL), _function(moved))


def test_equality_sees_a_changed_policy_and_a_changed_order():
    at = parse_program(P_AT)
    assert not structural_equal(at, parse_program(P_AT.replace("BYPASS", "DEFAULT")))
    multi = parse_program(P_MULTI)
    reordered = P_MULTI.replace(
        f"{BYPASS_MARKER}\n            pl.set_cache_policy(a, pl.CachePolicy.DEFAULT)",
        f"pl.set_cache_policy(a, pl.CachePolicy.DEFAULT)\n            {BYPASS_MARKER}",
    )
    assert reordered != P_MULTI
    with pytest.raises(StructuralMismatch, match="cache_policy_vars"):
        assert_structural_equal(multi, parse_program(reordered))


def test_equality_sees_a_changed_type():
    wider = SMALL.replace("second: pl.Scalar[pl.INDEX]", "second: pl.Scalar[pl.INT64]")
    with pytest.raises(StructuralMismatch, match="type"):
        assert_structural_equal(_function(SMALL), _function(wider))


def test_equality_of_expressions_and_statements_on_their_own():
    body = _function(SMALL).body.stmts
    other = _function(SMALL.replace("first - second", "first + second")).body.stmts
    assert isinstance(body[0], AssignStmt) and isinstance(body[0].value, BinaryExpr)
    assert structural_equal(body[0], _function(SMALL).body.stmts[0])
    assert not structural_equal(body[0].value, other[0].value)
    fresh = dataclasses.replace(body[0].var, name="renamed")
    assert isinstance(fresh, Var) and structural_equal(body[0].var, fresh)
