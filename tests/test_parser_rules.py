"""The parser's rejections of `pl.set_cache_policy` and `pl.load(cache=)`.

Spec: reference-cache-policy.md §1.3 (which scopes accept a marker), §1.4 (order of
checks), §1.5 (message catalogue R1..R7), §1.6 (`pl.load(cache=)`). Each case is
checked through the CLI's JSON and through `check_source`, with code, exact
message, severity, exception class and range.
"""

from __future__ import annotations

import textwrap

import pytest
from conftest import (
    BYPASS,
    DEFAULT,
    EXPECTED_ENUM,
    R1,
    R3,
    R4,
    Expected,
    assert_diagnostics,
    at_scope,
    check,
    dispatch_program,
    load_cache,
    locate,
    program,
    r2,
    r5,
    r6,
    r7,
    unknown_policy,
)

MARKER_B = f"pl.set_cache_policy(b, {BYPASS})"
MARKER_A = f"pl.set_cache_policy(a, {BYPASS})"
ORCHESTRATION = "@pl.function(type=pl.FunctionType.Orchestration)"


def jit_file(body: str) -> str:
    return "import pypto.language as pl\n\n\n" + textwrap.dedent(body).lstrip("\n")


# --- R1: a marker that no scope consumed -----------------------------------------------------------

R1_SOURCES = {
    "opaque function body, before the scope": program(MARKER_B + "\n" + at_scope()),
    "opaque function body, after the scope": program(at_scope() + "\n" + MARKER_B),
    "InCore function body": program(
        f"""
        {MARKER_B}
        t = pl.load(b, [0, 0], [64, 64])
        out = pl.store(t, [0, 0], out)
        """,
        decorator="@pl.function(type=pl.FunctionType.InCore)",
    ),
    "jit.incore function body": jit_file(
        f"""
        @pl.jit.incore
        def scale(b: pl.Tensor, out: pl.Out[pl.Tensor]):
            {MARKER_B}
            t = pl.load(b, [0, 0], [64, 64])
            out = pl.store(t, [0, 0], out)
            return out


        @pl.jit
        def entry(b: pl.Tensor, out: pl.Out[pl.Tensor]):
            out = scale(b, out)
            return out
        """
    ),
    "jit entry body": jit_file(
        f"""
        @pl.jit
        def entry(b: pl.Tensor, out: pl.Out[pl.Tensor]):
            {MARKER_B}
            with pl.at(level=pl.Level.CORE_GROUP):
                t = pl.load(b, [0, 0], [64, 64])
                out = pl.store(t, [0, 0], out)
            return out
        """
    ),
    "if inside a scope": program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            if n > 0:
                {MARKER_B}
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        """
    ),
    "else branch inside a scope": program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            if n > 0:
                c = pl.matmul(a, b, out_dtype=pl.FP32)
            else:
                {MARKER_B}
                c = pl.matmul(b, a, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        """
    ),
    "pl.range loop inside a scope": program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            for k in pl.range(2):
                {MARKER_B}
                c = pl.matmul(a, b, out_dtype=pl.FP32)
                out = pl.assemble(out, c, [0, 0])
        """
    ),
    "while loop inside a scope": program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            while n > 0:
                {MARKER_B}
                n = n - 1
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        """
    ),
    "pl.split_aiv region inside a spmd scope": program(
        f"""
        for i in pl.spmd(2):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                {MARKER_B}
                base = aiv_id * 32
                t = pl.load(b, [base, 0], [32, 64])
                out = pl.store(t, [base, 0], out)
        """,
        decorator=ORCHESTRATION,
    ),
    "loop around a scope": program(
        f"""
        for k in pl.range(2):
            {MARKER_B}
            with pl.at(level=pl.Level.CORE_GROUP):
                c = pl.matmul(a, b, out_dtype=pl.FP32)
                out = pl.assemble(out, c, [0, 0])
        """
    ),
    "module-level @pl.function": jit_file(
        f"""
        @pl.function(type=pl.FunctionType.InCore)
        def scale(
            b: pl.Tensor[[64, 64], pl.FP32],
            out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
        ) -> pl.Tensor[[64, 64], pl.FP32]:
            {MARKER_B}
            t = pl.load(b, [0, 0], [64, 64])
            out = pl.store(t, [0, 0], out)
            return out
        """
    ),
    "jit.inline function body": jit_file(
        f"""
        @pl.jit.inline
        def project(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
            {MARKER_B}
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
                c = pl.matmul(a, b, out_dtype=pl.FP32)
                out = pl.assemble(out, c, [0, 0])
            return out


        @pl.jit
        def entry(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
            out = project(a, b, out)
            return out
        """
    ),
    "pl bound by from-import": program(MARKER_B + "\n" + at_scope()).replace(
        "import pypto.language as pl", "from pypto import language as pl"
    ),
}


@pytest.mark.parametrize("source", R1_SOURCES.values(), ids=R1_SOURCES.keys())
def test_r1_marker_outside_a_scope_top_level(tmp_path, source):
    assert_diagnostics(check(tmp_path, source), Expected("PTO101", R1, MARKER_B))


def test_r1_is_reported_whatever_the_marker_looks_like(tmp_path):
    # A marker no scope consumed is rejected for its position before its arguments are read.
    source = program("pl.set_cache_policy(b.data)\n" + at_scope())
    assert_diagnostics(check(tmp_path, source), Expected("PTO101", R1, "pl.set_cache_policy(b.data)"))


# --- R2: scopes a marker cannot attach to ----------------------------------------------------------


def test_r2_dispatch_shaped_spmd_body(tmp_path):
    source = dispatch_program(
        f"""
        with pl.spmd(4):
            {MARKER_A}
            out = self.kernel(a, out)
        """
    )
    assert_diagnostics(check(tmp_path, source), Expected("PTO102", r2("Spmd"), MARKER_A))


def test_r2_cluster_scope(tmp_path):
    source = dispatch_program(
        f"""
        with pl.cluster():
            {MARKER_A}
            with pl.spmd(4):
                out = self.kernel(a, out)
        """
    )
    assert_diagnostics(check(tmp_path, source), Expected("PTO102", r2("Cluster"), MARKER_A))


RUNTIME_SCOPES = {
    "manual_scope": ("with pl.manual_scope():", ORCHESTRATION),
    "scope(mode=MANUAL)": ("with pl.scope(mode=pl.ScopeMode.MANUAL):", ORCHESTRATION),
    "AUTO scope under auto_scope=False": (
        "with pl.scope():",
        "@pl.function(type=pl.FunctionType.Orchestration, auto_scope=False)",
    ),
}


@pytest.mark.parametrize(("header", "decorator"), RUNTIME_SCOPES.values(), ids=RUNTIME_SCOPES.keys())
def test_r2_runtime_scope(tmp_path, header, decorator):
    source = dispatch_program(
        f"""
        {header}
            {MARKER_A}
            out = self.kernel(a, out)
        """,
        decorator=decorator,
    )
    assert_diagnostics(check(tmp_path, source), Expected("PTO102", r2("Runtime"), MARKER_A))


def test_r2_dispatch_shaped_spmd_body_in_jit_style(tmp_path):
    source = jit_file(
        f"""
        @pl.jit.incore
        def kernel(a: pl.Tensor, out: pl.Out[pl.Tensor]):
            i = pl.tile.get_block_idx()
            offset = i * 128
            t = pl.load(a, [offset, 0], [128, 128])
            out = pl.store(t, [offset, 0], out)
            return out


        @pl.jit
        def entry(a: pl.Tensor, out: pl.Out[pl.Tensor]):
            with pl.spmd(4):
                {MARKER_A}
                out = kernel(a, out)
            return out
        """
    )
    assert_diagnostics(check(tmp_path, source), Expected("PTO102", r2("Spmd"), MARKER_A))


MARKER_CODES = {f"PTO{n}" for n in range(101, 111)}

# The real parser rejects these scopes with another error before it scans their markers;
# a marker diagnostic here would be an error the compiler never shows.
OTHER_ERROR_FIRST = {
    "AUTO scope without auto_scope=False": f"""
        with pl.scope():
            {MARKER_A}
            out = self.kernel(a, out)
        """,
    "spmd body neither dispatching nor reading the block index": f"""
        with pl.spmd(4):
            {MARKER_A}
        """,
    "spmd body dispatching two kernels": f"""
        with pl.spmd(4):
            {MARKER_A}
            out = self.kernel(a, out)
            out = self.kernel(a, out)
        """,
}


@pytest.mark.parametrize("body", OTHER_ERROR_FIRST.values(), ids=OTHER_ERROR_FIRST.keys())
def test_no_marker_error_when_the_scope_itself_is_rejected_first(tmp_path, body):
    checked = check(tmp_path, dispatch_program(body))
    assert {d.code for d in checked.api} & MARKER_CODES == set()
    assert {d["code"] for d in checked.cli} & MARKER_CODES == set()


# --- R3: arity and keywords ------------------------------------------------------------------------

R3_MARKERS = {
    "policy as keyword": f"pl.set_cache_policy(b, policy={BYPASS})",
    "both as keywords": f"pl.set_cache_policy(tensor=b, policy={BYPASS})",
    "one argument": "pl.set_cache_policy(b)",
    "three arguments": f"pl.set_cache_policy(a, b, {BYPASS})",
    "no argument": "pl.set_cache_policy()",
}


@pytest.mark.parametrize("marker", R3_MARKERS.values(), ids=R3_MARKERS.keys())
def test_r3_arity_and_keywords(tmp_path, marker):
    assert_diagnostics(check(tmp_path, program(at_scope(marker))), Expected("PTO103", R3, marker))


# --- R4: the first argument is not a bare name -----------------------------------------------------

R4_ARGUMENTS = {
    "attribute": "b.data",
    "subscript": "b[0:32, :]",
    "call": "pl.slice(b, [32, 64], [0, 0])",
    "string literal": '"b"',
}


@pytest.mark.parametrize("argument", R4_ARGUMENTS.values(), ids=R4_ARGUMENTS.keys())
def test_r4_first_argument_not_a_bare_name(tmp_path, argument):
    source = program(at_scope(f"pl.set_cache_policy({argument}, {BYPASS})"))
    assert_diagnostics(check(tmp_path, source), Expected("PTO104", R4, argument))


# --- policy argument: PTO108 / PTO109 --------------------------------------------------------------

NOT_AN_ENUM = {
    "int literal": "1",
    "bare name": "BYPASS",
    "string": '"BYPASS"',
    "ir prefix": "ir.CachePolicy.BYPASS",
    "wrong enum": "pl.Level.BYPASS",
}


@pytest.mark.parametrize("policy", NOT_AN_ENUM.values(), ids=NOT_AN_ENUM.keys())
def test_policy_not_a_cache_policy_member(tmp_path, policy):
    source = program(at_scope(f"pl.set_cache_policy(b, {policy})"))
    assert_diagnostics(
        check(tmp_path, source), Expected("PTO108", EXPECTED_ENUM, policy, after="pl.set_cache_policy(b, ")
    )


UNKNOWN_VALUES = {
    "pl.CachePolicy.FOO": "FOO",
    "pl.CachePolicy.bypass": "bypass",
    "CachePolicy.STREAM": "STREAM",
    # The member name is checked before the prefix (reference §1.4 step 4b).
    "foo.FOO": "FOO",
}


@pytest.mark.parametrize(("policy", "attr"), UNKNOWN_VALUES.items(), ids=UNKNOWN_VALUES.keys())
def test_policy_unknown_member(tmp_path, policy, attr):
    source = program(at_scope(f"pl.set_cache_policy(b, {policy})"))
    assert_diagnostics(
        check(tmp_path, source),
        Expected("PTO109", unknown_policy(attr), policy, after="pl.set_cache_policy(b, "),
    )


# --- R5: not bound where the scope starts ----------------------------------------------------------


def test_r5_tensor_created_inside_the_scope(tmp_path):
    # The marker comes after the assignment in the text, but it is resolved at scope entry.
    marker = f"pl.set_cache_policy(c, {BYPASS})"
    source = program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            {marker}
            out = pl.assemble(out, c, [0, 0])
        """
    )
    assert_diagnostics(check(tmp_path, source), Expected("PTO105", r5("c"), marker))


def test_r5_unknown_name(tmp_path):
    marker = f"pl.set_cache_policy(weights, {BYPASS})"
    assert_diagnostics(check(tmp_path, program(at_scope(marker))), Expected("PTO105", r5("weights"), marker))


def test_r5_spmd_loop_variable_is_not_bound_yet(tmp_path):
    marker = f"pl.set_cache_policy(i, {BYPASS})"
    source = program(
        f"""
        for i in pl.spmd(4):
            {marker}
            offset = i * 16
            t = pl.load(b, [offset, 0], [16, 64])
            out = pl.store(t, [offset, 0], out)
        """,
        decorator=ORCHESTRATION,
    )
    assert_diagnostics(check(tmp_path, source), Expected("PTO105", r5("i"), marker))


# --- R6: bound, but not a tensor -------------------------------------------------------------------

FIRST_ARG = "pl.set_cache_policy("


def test_r6_scalar_parameter(tmp_path):
    source = program(at_scope(f"pl.set_cache_policy(n, {BYPASS})"))
    assert_diagnostics(
        check(tmp_path, source),
        Expected("PTO106", r6("n", "ScalarType"), "n", "ParserTypeError", after=FIRST_ARG),
    )


def test_r6_scalar_parameter_of_a_jit_function(tmp_path):
    # `n: pl.INDEX` in a @pl.jit signature is a pl.Scalar[pl.INDEX] parameter.
    source = jit_file(
        f"""
        @pl.jit
        def entry(a: pl.Tensor, n: pl.INDEX, out: pl.Out[pl.Tensor]):
            with pl.at(level=pl.Level.CORE_GROUP):
                pl.set_cache_policy(n, {BYPASS})
                t = pl.load(a, [0, 0], [64, 64])
                out = pl.store(t, [0, 0], out)
            return out
        """
    )
    assert_diagnostics(
        check(tmp_path, source),
        Expected("PTO106", r6("n", "ScalarType"), "n", "ParserTypeError", after=FIRST_ARG),
    )


def test_r6_tile_bound_before_the_scope(tmp_path):
    source = program(
        f"""
        t = pl.load(b, [0, 0], [64, 64])
        with pl.at(level=pl.Level.CORE_GROUP):
            pl.set_cache_policy(t, {BYPASS})
            out = pl.store(t, [0, 0], out)
        """
    )
    assert_diagnostics(
        check(tmp_path, source),
        Expected("PTO106", r6("t", "TileType"), "t", "ParserTypeError", after=FIRST_ARG),
    )


# --- R7: conflicting policies in one scope ---------------------------------------------------------


@pytest.mark.parametrize(("first", "second"), [("BYPASS", "DEFAULT"), ("DEFAULT", "BYPASS")])
def test_r7_conflicting_policies(tmp_path, first, second):
    second_marker = f"pl.set_cache_policy(b, pl.CachePolicy.{second})"
    source = program(at_scope(f"pl.set_cache_policy(b, pl.CachePolicy.{first})", second_marker))
    assert_diagnostics(check(tmp_path, source), Expected("PTO107", r7("b", first, second), second_marker))


# --- PTO110: pl.load(cache=) -----------------------------------------------------------------------


@pytest.mark.parametrize("value", [2, 5])
def test_load_cache_kwarg_out_of_range(tmp_path, value):
    call = f"pl.load(b, [0, 0], [64, 64], cache={value})"
    source = program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            t = {call}
            out = pl.store(t, [0, 0], out)
        """
    )
    assert_diagnostics(
        check(tmp_path, source), Expected("PTO110", load_cache("pl", value), call, "InvalidOperationError")
    )


def test_tile_load_cache_kwarg_out_of_range(tmp_path):
    call = "pl.tile.load(b, [0, 0], [64, 64], cache=2)"
    source = program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            t = {call}
            out = pl.store(t, [0, 0], out)
        """
    )
    assert_diagnostics(
        check(tmp_path, source), Expected("PTO110", load_cache("pl.tile", 2), call, "InvalidOperationError")
    )


def test_load_cache_kwarg_from_a_module_constant(tmp_path):
    call = "pl.load(b, [0, 0], [64, 64], cache=CACHE)"
    source = program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            t = {call}
            out = pl.store(t, [0, 0], out)
        """,
        prelude="\nCACHE = 2\n",
    )
    assert_diagnostics(
        check(tmp_path, source), Expected("PTO110", load_cache("pl", 2), call, "InvalidOperationError")
    )


# --- order of checks (reference §1.4) --------------------------------------------------------------


def test_scope_kind_is_checked_before_the_marker_itself(tmp_path):
    malformed = "pl.set_cache_policy(a.data)"
    source = dispatch_program(
        f"""
        with pl.cluster():
            {malformed}
            with pl.spmd(4):
                out = self.kernel(a, out)
        """
    )
    assert_diagnostics(check(tmp_path, source), Expected("PTO102", r2("Cluster"), malformed))


ORDER_CASES = {
    "arity before bare name": (
        "pl.set_cache_policy(b[0])",
        Expected("PTO103", R3, "pl.set_cache_policy(b[0])"),
    ),
    "bare name before policy": (
        "pl.set_cache_policy(b[0], 7)",
        Expected("PTO104", R4, "b[0]", after=FIRST_ARG),
    ),
    "unknown policy before undefined name": (
        "pl.set_cache_policy(nope, pl.CachePolicy.FOO)",
        Expected("PTO109", unknown_policy("FOO"), "pl.CachePolicy.FOO"),
    ),
    "policy form before undefined name": (
        "pl.set_cache_policy(nope, 1)",
        Expected("PTO108", EXPECTED_ENUM, "1", after="(nope, "),
    ),
    "policy form before not-a-tensor": (
        "pl.set_cache_policy(n, BYPASS)",
        Expected("PTO108", EXPECTED_ENUM, "BYPASS", after="(n, "),
    ),
}


@pytest.mark.parametrize(("marker", "expected"), ORDER_CASES.values(), ids=ORDER_CASES.keys())
def test_first_failing_check_wins(tmp_path, marker, expected):
    assert_diagnostics(check(tmp_path, program(at_scope(marker))), expected)


# --- a file reports every broken marker, not just the first ----------------------------------------


def test_two_broken_scopes_in_one_function(tmp_path):
    first = "pl.set_cache_policy(b)"
    second = "pl.set_cache_policy(a, pl.CachePolicy.FOO)"
    source = program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="first"):
            {first}
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="second"):
            {second}
            d = pl.matmul(a, out, out_dtype=pl.FP32)
            out = pl.assemble(out, d, [0, 0])
        """
    )
    assert_diagnostics(
        check(tmp_path, source),
        Expected("PTO103", R3, first),
        Expected("PTO109", unknown_policy("FOO"), "pl.CachePolicy.FOO"),
    )


def test_broken_markers_in_two_functions(tmp_path):
    source = jit_file(
        f"""
        @pl.jit
        def first(a: pl.Tensor, out: pl.Out[pl.Tensor]):
            with pl.at(level=pl.Level.CORE_GROUP):
                pl.set_cache_policy(a[0:32, :], {BYPASS})
                t = pl.load(a, [0, 0], [64, 64])
                out = pl.store(t, [0, 0], out)
            return out


        @pl.jit
        def second(a: pl.Tensor, out: pl.Out[pl.Tensor]):
            with pl.at(level=pl.Level.CORE_GROUP):
                t = pl.load(a, [0, 0], [64, 64])
                pl.set_cache_policy(t, {BYPASS})
                out = pl.store(t, [0, 0], out)
            return out
        """
    )
    assert_diagnostics(
        check(tmp_path, source),
        Expected("PTO104", R4, "a[0:32, :]"),
        Expected("PTO105", r5("t"), f"pl.set_cache_policy(t, {BYPASS})"),
    )


SYNTAX_ERROR_UNITS = {
    "jit functions": (
        """
        @pl.jit
        def broken(a: pl.Tensor, out: pl.Out[pl.Tensor]):
            with pl.at(level=pl.Level.CORE_GROUP):
                t = pl.load(a, [0, 0], [64, 64]) +
                out = pl.store(t, [0, 0], out)
            return out
        """,
        f"""
        @pl.jit
        def intact(a: pl.Tensor, out: pl.Out[pl.Tensor]):
            {MARKER_A}
            with pl.at(level=pl.Level.CORE_GROUP):
                t = pl.load(a, [0, 0], [64, 64])
                out = pl.store(t, [0, 0], out)
            return out
        """,
    ),
    "program classes": (
        """
        @pl.program
        class Broken:
            @pl.function
            def main(self, a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
                with pl.at(level=pl.Level.CORE_GROUP)
                    a = pl.add(a, 1.0)
                return a
        """,
        f"""
        @pl.program
        class Intact:
            @pl.function
            def main(
                self,
                a: pl.Tensor[[64, 64], pl.FP32],
                out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
            ) -> pl.Tensor[[64, 64], pl.FP32]:
                {MARKER_A}
                with pl.at(level=pl.Level.CORE_GROUP):
                    t = pl.load(a, [0, 0], [64, 64])
                    out = pl.store(t, [0, 0], out)
                return out
        """,
    ),
}


@pytest.mark.parametrize("broken_first", [True, False], ids=["broken first", "broken last"])
@pytest.mark.parametrize(("broken", "intact"), SYNTAX_ERROR_UNITS.values(), ids=SYNTAX_ERROR_UNITS.keys())
def test_python_syntax_error_does_not_hide_an_intact_unit(tmp_path, broken, intact, broken_first):
    broken, intact = textwrap.dedent(broken), textwrap.dedent(intact)
    parts = [broken, intact] if broken_first else [intact, broken]
    source = "import pypto.language as pl\n\n" + "\n\n".join(parts)
    with pytest.raises(SyntaxError) as python_says:
        compile(source, "kernel.py", "exec")
    checked = check(tmp_path, source)

    assert sorted(d.code for d in checked.api) == ["PTO001", "PTO101"]
    assert sorted(d["code"] for d in checked.cli) == ["PTO001", "PTO101"]
    assert checked.exit_code == 1
    syntax_api = next(d for d in checked.api if d.code == "PTO001")
    syntax_cli = next(d for d in checked.cli if d["code"] == "PTO001")
    assert syntax_api.severity == 1 and syntax_cli["severity"] == 1
    # Python's SyntaxError position: 1-based line, 1-based offset (ASCII line, so bytes == chars).
    assert (syntax_api.span.start_line, syntax_api.span.start_col) == (
        python_says.value.lineno,
        python_says.value.offset - 1,
    )
    assert syntax_cli["range"]["start"] == {
        "line": python_says.value.lineno - 1,
        "character": python_says.value.offset - 1,
    }
    marker = locate(source, MARKER_A)
    r1_api = next(d for d in checked.api if d.code == "PTO101")
    r1_cli = next(d for d in checked.cli if d["code"] == "PTO101")
    assert r1_api.message == r1_cli["message"] == R1
    assert (r1_api.span.start_line, r1_api.span.start_col) == (marker.line, marker.col)
    assert r1_cli["range"] == marker.lsp_range()


# --- hints (shown under the message in the editor) -------------------------------------------------

HINT_R1 = (
    "Write pl.set_cache_policy(t, pl.CachePolicy.BYPASS) as a standalone statement directly inside a "
    "`with pl.at(...):` / `with pl.spmd(...):` scope body (or a `for i in pl.spmd(...):` body). It "
    "declares a property of the whole scope, so it cannot sit outside one, nor nested inside an `if` / "
    "`for` within one — a conditionally-executed declaration is a promise the compiler cannot check. "
    "To annotate a single access instead, use pl.load(..., cache=pl.CachePolicy.BYPASS)."
)
HINT_SPMD = (
    "This `pl.spmd(...)` body dispatches a pre-defined kernel, so the GM reads happen inside that "
    "callee, not here. Declare the policy in the callee — a `with pl.at(level=pl.Level.CORE_GROUP):` "
    "scope in its body, or pl.load(..., cache=pl.CachePolicy.BYPASS) on the access itself. An *inline* "
    "pl.spmd body does accept the marker: it is carried by the InCore scope the body is outlined into."
)
HINT_CLUSTER = (
    "A pl.cluster(...) scope co-schedules AIC and AIV work rather than becoming a kernel of its own. "
    "Move the declaration into the `with pl.at(...):` scope that actually reads the tensor."
)
HINT_RUNTIME = (
    "A runtime scope (pl.manual_scope / pl.auto_scope) only chooses dependency semantics for the tasks "
    "it contains; it issues no GM read of its own. Move the declaration into the `with pl.at(...):` "
    "scope that reads the tensor."
)
HINT_R4 = (
    "Write pl.set_cache_policy(b, pl.CachePolicy.BYPASS) where b is a tensor bound outside the scope "
    "and read inside it. The declaration is tracked by variable identity, so attribute / subscript / "
    "call expressions — which name no binding — are not supported."
)
HINT_R5 = (
    "Declare a policy only for a tensor already bound where the scope starts — a parameter or an "
    "earlier assignment. A tensor created inside the scope body is not captured by it and has no "
    "policy to declare."
)
HINT_R7 = (
    "One tensor takes one policy per scope. Drop the redundant declaration, or move the differing one "
    "into its own scope. To vary the policy per access, use pl.load(..., cache=...) instead."
)

HINT_CASES = {
    "R1": (program(MARKER_B + "\n" + at_scope()), HINT_R1),
    "R2 Spmd": (
        dispatch_program(f"with pl.spmd(4):\n    {MARKER_A}\n    out = self.kernel(a, out)"),
        HINT_SPMD,
    ),
    "R2 Cluster": (
        dispatch_program(
            f"with pl.cluster():\n    {MARKER_A}\n    with pl.spmd(4):\n        out = self.kernel(a, out)"
        ),
        HINT_CLUSTER,
    ),
    "R2 Runtime": (
        dispatch_program(f"with pl.manual_scope():\n    {MARKER_A}\n    out = self.kernel(a, out)"),
        HINT_RUNTIME,
    ),
    "R3": (
        program(at_scope("pl.set_cache_policy(b)")),
        "Use: pl.set_cache_policy(tensor_var, pl.CachePolicy.BYPASS)",
    ),
    "R4": (program(at_scope(f"pl.set_cache_policy(b.data, {BYPASS})")), HINT_R4),
    "R5": (program(at_scope(f"pl.set_cache_policy(weights, {BYPASS})")), HINT_R5),
    "R6": (
        program(at_scope(f"pl.set_cache_policy(n, {BYPASS})")),
        "A cache-access policy only applies to a tensor read from global memory.",
    ),
    "R7": (program(at_scope(MARKER_B, f"pl.set_cache_policy(b, {DEFAULT})")), HINT_R7),
    "not an enum": (program(at_scope("pl.set_cache_policy(b, 1)")), "Use pl.CachePolicy.<name>."),
    "wrong prefix has no hint": (program(at_scope("pl.set_cache_policy(b, ir.CachePolicy.BYPASS)")), None),
    "unknown member": (
        program(at_scope("pl.set_cache_policy(b, pl.CachePolicy.FOO)")),
        "Valid values: DEFAULT, BYPASS",
    ),
}


@pytest.mark.parametrize(("source", "hint"), HINT_CASES.values(), ids=HINT_CASES.keys())
def test_hint_text(tmp_path, source, hint):
    checked = check(tmp_path, source)
    assert [d.hint for d in checked.api] == [hint]
    assert [d["data"].get("hint") for d in checked.cli] == [hint]
