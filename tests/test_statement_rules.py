"""The real parser's rejections of statements, loops and scope headers in a DSL body.

Each case is one small kernel with one mistake, checked through `compiler.check_source`
(and one through the CLI's JSON): the real message, class, hint and place
(1-based line, 1-based character column, as the real compiler reports them).
Messages are the real PyPTO parser's (hw-native-sys/pypto e2d0f78), written out here.
"""

from __future__ import annotations

import json
import textwrap

import pytest
from conftest import run_pto_lsp

from compiler import check_source

STATEMENT_HINT = (
    "Only assignments, for loops, while loops, if statements, with statements, returns, "
    "break, continue, and pass are supported in DSL functions"
)
ITERATOR_ERROR = (
    "For loop must use pl.range(), pl.parallel(), pl.unroll(), pl.pipeline(), pl.while_(), "
    "pl.spmd(), or pl.split_aiv()"
)
SPMD_NO_WORK = (
    "`with pl.spmd(...)` body neither reads the per-block index via `pl.tile.get_block_idx()` "
    "nor dispatches a `self.<kernel>(...)` call, so every block would run identical work."
)

_HEADER = """\
import pypto.language as pl


@pl.program
class Kernel:
    {decorator}
    def main(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
"""
# The body starts on line 13, indented by 8 columns.
FIRST_LINE = 13


def kernel(body: str, decorator: str = "@pl.function") -> str:
    return (
        _HEADER.format(decorator=decorator)
        + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)
        + "\n"
    )


def errors(source: str) -> list[tuple[int, int, str]]:
    """(line, 1-based column, message) of every error, in source order."""
    return [
        (d.span.start_line, d.span.start_col + 1, d.message)
        for d in sorted(check_source(source), key=lambda d: (d.span.start_line, d.span.start_col))
        if d.severity == 1
    ]


def only_error(source: str):
    found = [d for d in check_source(source) if d.severity == 1]
    assert len(found) == 1, [d.message for d in found]
    return found[0]


def assert_only(
    source: str, line: int, col: int, message: str, exception: str, hint: str | None = None
) -> None:
    diagnostic = only_error(source)
    assert (diagnostic.span.start_line, diagnostic.span.start_col + 1, diagnostic.message) == (
        line,
        col,
        message,
    )
    assert diagnostic.exception == exception
    if hint is not None:
        assert diagnostic.hint == hint


TILE = "t: pl.Tile[[16, 64], pl.FP32] = pl.load(a, [0, 0], [16, 64])"
STORE = "out = pl.store(t, [0, 0], out)"


# --- statements the DSL does not have ------------------------------------------------------------

UNSUPPORTED = {
    "assert": ("assert t is not None", "Assert"),
    "del": ("del t", "Delete"),
    "global": ("global SCALE", "Global"),
    "import": ("import math", "Import"),
    "raise": ('raise ValueError("no")', "Raise"),
    "try": ("try:\n    pass\nexcept ValueError:\n    pass", "Try"),
    "nested def": ("def helper(v):\n    return v", "FunctionDef"),
    "async def": ("async def helper(v):\n    return v", "AsyncFunctionDef"),
    "class": ("class Cfg:\n    pass", "ClassDef"),
    "augmented assignment": ("t += t", "AugAssign"),
}


@pytest.mark.parametrize(("statement", "kind"), UNSUPPORTED.values(), ids=UNSUPPORTED.keys())
def test_statement_the_dsl_does_not_have(statement: str, kind: str) -> None:
    source = kernel(f"{TILE}\n{statement}\n{STORE}\nreturn out")
    assert_only(
        source,
        FIRST_LINE + 1,
        9,
        f"Unsupported statement type: {kind}",
        "UnsupportedFeatureError",
        STATEMENT_HINT,
    )


def test_augmented_assignment_carries_what_its_quick_fix_needs() -> None:
    diagnostic = only_error(kernel(f"{TILE}\nk = n\nk -= 1\n{STORE}\nreturn out"))
    assert diagnostic.data == {"operator": "Sub", "operator_symbol": "-", "target": "k", "value": "1"}


def test_ellipsis_body_is_an_unsupported_constant() -> None:
    assert_only(
        kernel("..."),
        FIRST_LINE,
        9,
        "Unsupported constant type: <class 'ellipsis'>",
        "ParserTypeError",
        "Use int, float, bool, or None (TaskId sentinel) constants",
    )


def test_a_docstring_and_a_number_statement_are_accepted() -> None:
    assert errors(kernel(f'"""doc"""\n0\n{TILE}\n{STORE}\nreturn out')) == []


# --- assignments -----------------------------------------------------------------------------------

ASSIGNMENTS = {
    "annotation without value": (
        "scratch: pl.Tile[[16, 64], pl.FP32]",
        9,
        "Yield assignment with no value is not supported",
        "UnsupportedFeatureError",
    ),
    "attribute target": (
        "t.valid_shape = [8, 8]",
        9,
        "Unsupported assignment: t.valid_shape = [8, 8]",
        "ParserSyntaxError",
    ),
    "two targets": ("u = v = t", 9, "Unsupported assignment: u = v = t", "ParserSyntaxError"),
    "list target": ("[u, v] = [1, 2]", 9, "Unsupported assignment: [u, v] = [1, 2]", "ParserSyntaxError"),
    "starred target": (
        "head, *rest = [1, 2, 3]",
        15,
        "Tuple unpacking target must be a variable name, got *rest",
        "ParserSyntaxError",
    ),
    "nested tuple target": (
        "u, (v, w) = [1, [2, 3]]",
        12,
        "Tuple unpacking target must be a variable name, got (v, w)",
        "ParserSyntaxError",
    ),
    "annotated attribute": (
        "t.shape: pl.INDEX = 4",
        9,
        "Only simple variable assignments supported",
        "ParserSyntaxError",
    ),
}


@pytest.mark.parametrize(
    ("statement", "col", "message", "exception"), ASSIGNMENTS.values(), ids=ASSIGNMENTS.keys()
)
def test_assignment_forms(statement: str, col: int, message: str, exception: str) -> None:
    assert_only(kernel(f"{TILE}\n{statement}\n{STORE}\nreturn out"), FIRST_LINE + 1, col, message, exception)


# --- loop headers ----------------------------------------------------------------------------------

LOOPS = {
    "builtin range": ("for i in range(4):", 18, ITERATOR_ERROR),
    "no bounds": ("for i in pl.range():", 18, "pl.range() requires at least 1 argument (stop)"),
    "unknown keyword": ("for i in pl.range(4, step=1):", 30, "Unknown keyword argument 'step' in pl.range()"),
    "scope keyword": (
        "for i in pl.parallel(4, scope=pl.Level.CORE_GROUP):",
        33,
        "Unknown keyword argument 'scope' in pl.parallel()",
    ),
    "two names, no init values": ("for i, j in pl.range(4):", 16, "Iter args must be a tuple"),
    "pipeline without stage": (
        "for i in pl.pipeline(4):",
        18,
        "pl.pipeline() requires stage= (positive integer)",
    ),
    "stage on range": (
        "for i in pl.range(4, stage=2):",
        18,
        "stage= is only supported on pl.pipeline(), not pl.range()",
    ),
    "unroll over a scalar": (
        "for i in pl.unroll(n):",
        18,
        "pl.unroll() requires compile-time constant integer bounds",
    ),
    "unroll step zero": ("for i in pl.unroll(0, 4, 0):", 18, "pl.unroll() step cannot be zero"),
    "three names": (
        "for i, j, k in pl.range(4):",
        13,
        "For loop target must be a simple name or: (loop_var, (iter_args...))",
    ),
}


@pytest.mark.parametrize(("header", "col", "message"), LOOPS.values(), ids=LOOPS.keys())
def test_loop_header(header: str, col: int, message: str) -> None:
    source = kernel(f"{header}\n    {TILE}\n    {STORE}\nreturn out")
    assert_only(source, FIRST_LINE, col, message, "ParserSyntaxError")


def test_builtin_range_carries_what_its_quick_fix_needs() -> None:
    diagnostic = only_error(kernel(f"for i in range(4):\n    {TILE}\n    {STORE}\nreturn out"))
    assert diagnostic.data == {"builtin": "range", "replacement": "pl.range"}


INIT_VALUES = {
    "simple target": (
        "for i in pl.range(4, init_values=(t,)):",
        13,
        "For loop target must be a tuple when init_values is provided",
    ),
    "two iter args for one value": (
        "for i, (u, v) in pl.range(4, init_values=(t,)):",
        16,
        "Mismatch: 2 iter_args but 1 init_values",
    ),
    "unroll": (
        "for i, (u,) in pl.unroll(4, init_values=(t,)):",
        24,
        "pl.unroll() cannot be combined with init_values",
    ),
}


@pytest.mark.parametrize(("header", "col", "message"), INIT_VALUES.values(), ids=INIT_VALUES.keys())
def test_loop_with_init_values(header: str, col: int, message: str) -> None:
    source = kernel(f"{TILE}\n{header}\n    u2 = pl.yield_(t)\n{STORE}\nreturn out")
    assert_only(source, FIRST_LINE + 1, col, message, "ParserSyntaxError")


def test_bare_yield_in_a_loop_with_init_values() -> None:
    source = kernel(
        f"{TILE}\nfor i, (acc,) in pl.range(4, init_values=(t,)):\n    pl.yield_(acc)\n{STORE}\nreturn out"
    )
    assert_only(
        source,
        FIRST_LINE + 2,
        13,
        "Loop with init_values requires an assignment-form pl.yield_(...) — the LHS supplies the "
        "post-loop binding name. Bare pl.yield_(...) is rejected here.",
        "ParserSyntaxError",
    )


def test_an_error_in_a_loop_with_init_values_is_masked_on_the_def_line() -> None:
    # Upstream's loop builder replaces the body's error with its own arity error.
    source = kernel(
        f"{TILE}\nfor i, (acc,) in pl.range(4, init_values=(t,)):\n    assert acc is not None\n"
        f"    nxt = pl.yield_(acc)\n{STORE}\nreturn out"
    )
    found = errors(source)
    assert found == [
        (
            7,
            5,
            "Failed to parse function 'main': For loop has 1 iteration arguments but 0 return variables. They must match.",
        ),
        (FIRST_LINE + 2, 13, "Unsupported statement type: Assert"),
    ]
    masked = next(d for d in check_source(source) if d.span.start_line == 7)
    assert [info.span.start_line for info in masked.related] == [FIRST_LINE + 2]


def test_a_correct_loop_with_init_values_is_clean() -> None:
    source = kernel(
        f"{TILE}\nfor i, (acc,) in pl.range(4, init_values=(t,)):\n    nxt = pl.yield_(acc)\nout = pl.store(nxt, [0, 0], out)\nreturn out"
    )
    assert errors(source) == []


# --- break / continue ------------------------------------------------------------------------------

LOOP_CONTROL = {
    "break in parallel": ("for i in pl.parallel(4):", "break", "'break' not supported in parallel loops"),
    "continue in unroll": (
        "for i in pl.unroll(4):",
        "continue",
        "'continue' not supported in unrolled loops",
    ),
    "break in spmd": ("for i in pl.spmd(4):", "break", "'break' outside loop"),
}


@pytest.mark.parametrize(("header", "keyword", "message"), LOOP_CONTROL.values(), ids=LOOP_CONTROL.keys())
def test_loop_control(header: str, keyword: str, message: str) -> None:
    source = kernel(f"{header}\n    {TILE}\n    {STORE}\n    {keyword}\nreturn out")
    assert_only(source, FIRST_LINE + 3, 13, message, "InvalidOperationError")


def test_break_in_a_sequential_loop_around_an_spmd_loop_is_accepted() -> None:
    source = kernel(
        f"for k in pl.range(2):\n    for i in pl.spmd(4):\n        {TILE}\n        {STORE}\n        break\nreturn out"
    )
    assert errors(source) == []


# --- scope headers ---------------------------------------------------------------------------------

AT_HEADERS = {
    "missing level": ('pl.at(name_hint="s")', 14, "pl.at() requires a level argument"),
    "unknown keyword": (
        'pl.at(level=pl.Level.CORE_GROUP, name="s")',
        47,
        "Unknown keyword argument 'name' in pl.at()",
    ),
    "name hint not literal": (
        "pl.at(level=pl.Level.CORE_GROUP, name_hint=n)",
        57,
        "pl.at() 'name_hint' argument must be a string literal",
    ),
    "name hint not identifier": (
        'pl.at(level=pl.Level.CORE_GROUP, name_hint="a b")',
        57,
        "pl.at() 'name_hint' must be a valid non-keyword identifier, got 'a b'",
    ),
    "role on CORE_GROUP": (
        "pl.at(level=pl.Level.CORE_GROUP, role=pl.Role.Orchestrator)",
        9,
        "role= is not supported with level=pl.Level.CORE_GROUP",
    ),
    "level as a string": ('pl.at(level="CORE_GROUP")', 26, "Expected pl.Level.<name>"),
    "unknown level": ("pl.at(level=pl.Level.CORE)", 26, "Unknown Level value: CORE"),
    "as tuple": (
        "pl.at(level=pl.Level.CORE_GROUP) as (tid, extra)",
        9,
        "`as` target on `with pl.at(...)` must be a plain variable name",
    ),
    "two items": (
        "pl.at(level=pl.Level.CORE_GROUP), pl.at(level=pl.Level.CORE_GROUP)",
        9,
        "Only single context manager supported in with statement",
    ),
    "auto scope by hand": (
        "pl.scope()",
        9,
        "a hand-placed AUTO 'with pl.scope()' requires @pl.function(auto_scope=False)",
    ),
    "manual scope with arguments": ("pl.manual_scope(2)", 9, "pl.manual_scope() does not accept arguments"),
}


@pytest.mark.parametrize(("manager", "col", "message"), AT_HEADERS.values(), ids=AT_HEADERS.keys())
def test_with_header(manager: str, col: int, message: str) -> None:
    source = kernel(f"with {manager}:\n    {TILE}\n    {STORE}\nreturn out")
    assert_only(source, FIRST_LINE, col, message, "ParserSyntaxError")


def test_a_context_manager_that_is_no_scope() -> None:
    source = kernel(f'with open("trace.txt", "w") as fh:\n    pass\n{TILE}\n{STORE}\nreturn out')
    assert_only(
        source, FIRST_LINE, 9, "Unsupported context manager in with statement", "UnsupportedFeatureError"
    )


ORCHESTRATION = "@pl.function(type=pl.FunctionType.Orchestration)"
SPMD = {
    "core_num zero": ("for i in pl.spmd(0):", 26, "core_num must be a positive integer, got 0"),
    "two loop names": (
        "for i, lane in pl.spmd(4):",
        13,
        "for ... in pl.spmd(...) must use a single loop variable",
    ),
    "unknown keyword": (
        "for i in pl.spmd(4, cores=4):",
        9,
        "pl.spmd() got unexpected keyword argument 'cores'",
    ),
    "with, no per-block work": ("with pl.spmd(4):", 9, SPMD_NO_WORK),
}


@pytest.mark.parametrize(("header", "col", "message"), SPMD.values(), ids=SPMD.keys())
def test_spmd_header(header: str, col: int, message: str) -> None:
    source = kernel(f"{header}\n    {TILE}\n    {STORE}\nreturn out", ORCHESTRATION)
    assert_only(source, FIRST_LINE, col, message, "ParserSyntaxError")


def test_spmd_body_calling_a_name_we_cannot_resolve_is_not_judged() -> None:
    source = "from elsewhere import launch\n" + kernel(
        "with pl.spmd(4):\n    out = launch(a, out)\nreturn out", ORCHESTRATION
    )
    assert errors(source) == []


def test_spmd_body_reading_the_block_index_is_accepted() -> None:
    body = f"with pl.spmd(4):\n    i = pl.tile.get_block_idx()\n    {TILE}\n    {STORE}\nreturn out"
    assert errors(kernel(body, ORCHESTRATION)) == []


# --- through the CLI -------------------------------------------------------------------------------


def test_cli_reports_a_builtin_range_with_its_fix_data(tmp_path) -> None:
    path = tmp_path / "kernel.py"
    path.write_text(kernel(f"for i in range(4):\n    {TILE}\n    {STORE}\nreturn out"), encoding="utf-8")
    proc = run_pto_lsp("check", "--format", "json", str(path))
    assert proc.returncode == 1
    [diagnostic] = json.loads(proc.stdout)["files"][0]["diagnostics"]
    assert diagnostic["message"] == ITERATOR_ERROR
    assert diagnostic["range"]["start"] == {"line": FIRST_LINE - 1, "character": 17}
    assert diagnostic["data"]["exception"] == "ParserSyntaxError"
    assert diagnostic["data"]["builtin"] == "range"
    assert diagnostic["data"]["replacement"] == "pl.range"


# --- where the real verdict depends on what we cannot see: silent ---------------------------------


def test_auto_scope_turned_off_through_attrs_allows_a_hand_placed_scope() -> None:
    source = kernel(
        f"with pl.scope():\n    {TILE}\n    {STORE}\nreturn out", '@pl.function(attrs={"auto_scope": False})'
    )
    assert "requires @pl.function(auto_scope=False)" not in " ".join(
        message for *_, message in errors(source)
    )


def test_an_inline_parameter_may_be_a_literal_at_the_call() -> None:
    source = """\
import pypto.language as pl


@pl.inline
def helper(x: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
    for i in pl.unroll(n):
        pass
    return x
"""
    assert errors(source) == []


def test_an_external_kernel_stub_body_is_not_parsed() -> None:
    source = kernel("...", '@pl.function(type=pl.FunctionType.AIV, external_source="k.cpp")')
    assert "Unsupported constant type" not in " ".join(message for *_, message in errors(source))
