"""The real parser's rejections of expressions, names and non-op calls in a DSL body.

Each test writes a small kernel with one mistake and checks what `check_source`
reports: the real compiler's message (first line), its exception class and
where it points (1-based line, 0-based column as `ast` gives them). Correct
kernels next to each mistake must stay clean: a name the closure may hold, a
constant expression the real parser folds, a call to a DSL function.
"""

from __future__ import annotations

import json
import textwrap

import pytest
from conftest import REPO, run_cli

from compiler import check_source

HEADER = "import pypto.language as pl\n"

KERNEL = """\
@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        n: pl.Scalar[pl.INT32],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        t: pl.Tile[[16, 64], pl.FP32] = pl.load(x, [0, 0], [16, 64])
{body}
        out = pl.store(t, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        n: pl.Scalar[pl.INT32],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
{main}
        return out
"""
# Line of the first `{body}` line in a module made by `module()` without prelude.
BODY_LINE = 12


def module(body: str = "", main: str = "out = self.kern(x, n, out)", prelude: str = "") -> str:
    indent = " " * 8
    lines = [indent + line for line in textwrap.dedent(body).strip("\n").splitlines()] or [indent + "pass"]
    main_lines = [indent + line for line in textwrap.dedent(main).strip("\n").splitlines()]
    return HEADER + prelude + KERNEL.format(body="\n".join(lines), main="\n".join(main_lines))


def errors(source: str) -> list[tuple[str, str | None, int, int]]:
    return [
        (d.message, d.exception, d.span.start_line, d.span.start_col)
        for d in check_source(source)
        if d.severity.name == "ERROR"
    ]


def single(source: str) -> tuple[str, str | None, int, int]:
    found = errors(source)
    assert len(found) == 1, found
    return found[0]


# ------------------------------------------------------------------ expression kinds


@pytest.mark.parametrize(
    ("statement", "kind", "col"),
    [
        ('cfg = {"rows": 16}', "Dict", 14),
        ("seen = {1, 2}", "Set", 15),
        ('label = f"blk{n}"', "JoinedStr", 16),
        ("pick = t if True else t", "IfExp", 15),
        ("twice = lambda v: v + v", "Lambda", 16),
        ("offs = [k * 16 for k in range(4)]", "ListComp", 15),
        ("nxt = (cur := n) + 1", "NamedExpr", 15),
    ],
)
def test_unsupported_expression_kinds(statement: str, kind: str, col: int) -> None:
    message, exception, line, column = single(module(statement))
    assert message == f"Unsupported expression type: {kind}"
    assert exception == "UnsupportedFeatureError"
    assert (line, column) == (BODY_LINE, col)


def test_string_constant_is_refused_but_a_docstring_is_not() -> None:
    assert single(module('label = "tile"')) == (
        "Unsupported constant type: <class 'str'>",
        "ParserTypeError",
        BODY_LINE,
        16,
    )
    assert errors(module('"""A docstring-like statement."""')) == []


# ------------------------------------------------------------------------ operators


@pytest.mark.parametrize(
    ("operator", "name"),
    [("&", "BitAnd"), ("|", "BitOr"), ("^", "BitXor"), ("@", "MatMult"), ("**", "Pow")],
)
def test_unsupported_binary_operators(operator: str, name: str) -> None:
    message, exception, line, column = single(module(f"m = t {operator} t"))
    assert message == f"Unsupported binary operator: {name}"
    assert exception == "UnsupportedFeatureError"
    assert (line, column) == (BODY_LINE, 12)


def test_operator_on_closure_constants_is_folded_not_refused() -> None:
    assert errors(module("m = pl.mul(t, SCALE ** 2)", prelude="SCALE = 2\n")) == []


@pytest.mark.parametrize("statement", ["both = t + t", "half = t * 0.5", "flipped = -t", "same = 0.5 * x"])
def test_python_operator_on_a_tile_or_tensor_fails_the_function(statement: str) -> None:
    message, exception, line, column = single(module(statement))
    kind = "TensorType" if "x" in statement else "TileType"
    assert message == (
        "Failed to parse function 'kern': Expression must be ScalarExpr or Var with ScalarType, "
        f"got Var with type {kind}"
    )
    assert exception == "ParserSyntaxError"
    assert (line, column) == (5, 4)  # the `def` line


def test_scalar_arithmetic_is_fine() -> None:
    assert errors(module("k = n + 1\nm = k * 2 - n // 3")) == []


@pytest.mark.parametrize(
    ("statement", "message", "exception"),
    [
        ("inside = 0 <= n < 64", "Only simple comparisons supported", "ParserSyntaxError"),
        ("hit = n in [0, 16]", "Unsupported comparison: In", "UnsupportedFeatureError"),
        ("unset = n is None", "Unsupported comparison: Is", "UnsupportedFeatureError"),
    ],
)
def test_unsupported_comparisons(statement: str, message: str, exception: str) -> None:
    found = single(module(statement))
    assert found[:2] == (message, exception)
    assert found[2] == BODY_LINE


def test_slice_step() -> None:
    assert single(module("part = x[0:16:2, 0:16]")) == (
        "Slice step is not supported in tensor subscript",
        "UnsupportedFeatureError",
        BODY_LINE,
        15,
    )


# ------------------------------------------------------------------------------ names


def test_undefined_variable_in_an_op_argument() -> None:
    source = module("t2: pl.Tile[[16, 64], pl.FP32] = pl.exp(t0)")
    assert single(source) == ("Undefined variable 't0'", "UndefinedVariableError", BODY_LINE, 48)


def test_use_before_assignment() -> None:
    source = module("t3: pl.Tile[[16, 64], pl.FP32] = pl.exp(t2)\nt2: pl.Tile[[16, 64], pl.FP32] = pl.exp(t)")
    assert single(source) == ("Undefined variable 't2'", "UndefinedVariableError", BODY_LINE, 48)


@pytest.mark.parametrize(
    "prelude",
    [
        "from helpers import *\n",  # a star import may bind anything
        "for t0 in range(1):\n    pass\n",  # bound by a module-level loop
        "if True:\n    t0 = 1\n",  # bound conditionally
        "from helpers import make\n\nt0 = make()\n",  # bound to a value we cannot read
    ],
)
def test_names_the_closure_may_hold_are_not_undefined(prelude: str) -> None:
    assert errors(module("t2: pl.Tile[[16, 64], pl.FP32] = pl.exp(t0)", prelude=prelude)) == []


def test_names_of_an_enclosing_factory_are_in_the_closure() -> None:
    source = HEADER + textwrap.dedent(
        """\
        def build(rows):
            extra = rows * 2

            @pl.function(type=pl.FunctionType.InCore)
            def kern(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
                t: pl.Tile[[16, 64], pl.FP32] = pl.load(x, [extra, rows], [16, 64])
                out = pl.store(t, [undefined_here, 0], out)
                return out

            return kern
        """
    )
    assert single(source) == ("Undefined variable 'undefined_here'", "UndefinedVariableError", 8, 27)


def test_name_bound_by_an_unmodelled_statement_earlier_is_not_undefined() -> None:
    body = "with pl.incore() as scope:\n    pass\nk = scope"
    assert [e for e in errors(module(body)) if "Undefined" in e[0]] == []


# -------------------------------------------------------------------- calls that are not ops


@pytest.mark.parametrize(
    ("statement", "message", "col"),
    [
        ("mag = abs(n)", "Unsupported function call: abs(n)", 14),
        ("rows = len(x)", "Unsupported function call: len(x)", 15),
        ("top = max(n, n)", "Unsupported function call: max(n, n)", 14),
        ("print(x)", "Unsupported function call: print(x)", 8),
        ("t2 = helper(t)", "Unsupported function call: helper(t)", 13),
    ],
)
def test_unsupported_function_calls(statement: str, message: str, col: int) -> None:
    prelude = "\n\ndef helper(v):\n    return v\n\n\n"
    found = single(module(statement, prelude=prelude))
    assert found == (message, "UnsupportedFeatureError", BODY_LINE + 6, col)


def test_foreign_module_and_second_alias_calls() -> None:
    prelude = "import numpy as np\nimport pypto.language as lang\n"
    found = errors(module("e = np.exp(t)\nf = lang.exp(t)", prelude=prelude))
    assert [f[:2] for f in found] == [
        ("Unsupported operation call: np.exp(t)", "UnsupportedFeatureError"),
        ("Unsupported operation call: lang.exp(t)", "UnsupportedFeatureError"),
    ]


def test_call_to_an_imported_name_may_be_a_kernel() -> None:
    assert errors(module("t2 = other_kernel(t)", prelude="from kernels import other_kernel\n")) == []


def test_call_to_a_module_level_dsl_function_is_fine() -> None:
    prelude = textwrap.dedent(
        """\

        @pl.inline
        def twice(v: pl.Tile[[16, 64], pl.FP32]) -> pl.Tile[[16, 64], pl.FP32]:
            return pl.add(v, v)

        """
    )
    assert errors(module("t2 = twice(t)", prelude=prelude)) == []


# ------------------------------------------------------------------------- kernel calls

MAIN_LINE = BODY_LINE + 11


@pytest.mark.parametrize(
    ("call", "message", "exception"),
    [
        (
            "out = self.kern_x(x, n, out)",
            "Function 'kern_x' not defined in program",
            "UndefinedVariableError",
        ),
        ("out = self.kern(x, n, out, x)", "Function 'kern' expects 3 argument(s), got 4", "ParserTypeError"),
        ("out = self.kern(x, n)", "Function 'kern' expects 3 argument(s), got 2", "ParserTypeError"),
        (
            "out = self.kern(x, n, output=out)",
            "Function 'kern' does not accept keyword argument 'output'",
            "ParserTypeError",
        ),
        ("out = kern(x, n, out)", "Unsupported function call: kern(x, n, out)", "UnsupportedFeatureError"),
    ],
)
def test_kernel_calls(call: str, message: str, exception: str) -> None:
    assert single(module(main=call)) == (message, exception, MAIN_LINE, 14)


def test_kernel_call_hints() -> None:
    (diagnostic,) = check_source(module(main="out = self.kern(x, n)"))
    assert diagnostic.hint == "Parameters: ['x: In', 'n: In', 'out: Out']"
    (diagnostic,) = check_source(module(main="out = self.nope(x)"))
    assert diagnostic.hint == "Available functions: ['kern', 'main']"


# --------------------------------------------------------------------------- conditions


def test_condition_must_be_bool() -> None:
    body = "if n:\n    t = pl.exp(t)"
    assert single(module(body)) == (
        "if condition must be a Bool-typed scalar expression, got pl.Scalar[pl.INT32]",
        "ParserTypeError",
        BODY_LINE,
        8,
    )
    assert errors(module("if n > 0:\n    t = pl.exp(t)")) == []


# --------------------------------------------------------------------------------- CLI


def test_cli_reports_an_undefined_variable(tmp_path) -> None:
    path = tmp_path / "kernel.py"
    path.write_text(module("t2: pl.Tile[[16, 64], pl.FP32] = pl.exp(t0)"))
    run = run_cli("--format", "json", str(path), cwd=REPO)
    assert run.returncode == 1, run.stderr
    (diagnostic,) = json.loads(run.stdout)["files"][0]["diagnostics"]
    assert diagnostic["message"] == "Undefined variable 't0'"
    assert diagnostic["range"]["start"] == {"line": BODY_LINE - 1, "character": 48}
