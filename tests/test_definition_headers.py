"""What goes wrong before a kernel body is parsed: Python's compiler, Python running the
class body (decorators, annotations), and the parser's signature checks.

Each test writes a small kernel and checks what `check_source` (and once, the CLI)
reports: class, message, line.
"""

from __future__ import annotations

import ast
import json
import textwrap

import pytest
from conftest import REPO, run_cli

from compiler import check_source
from compiler.syntax.compile_checks import first_compile_error

KERNEL = """\
import pypto.language as pl
{prelude}

@pl.program
class Prog:
    @pl.function(type={ftype})
    def kernel(
        self,
        x: {xtype},
        out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> {rtype}:
        t: pl.Tile[[16, 64], pl.FP32] = pl.load(x, [0, 0], [16, 64])
        out = pl.store(t, [0, 0], out)
{extra}        return out
"""
X_LINE = 9  # the line of parameter `x`
DECORATOR_LINE = 6


def kernel(
    *,
    prelude: str = "",
    ftype: str = "pl.FunctionType.InCore",
    xtype: str = "pl.Tensor[[16, 64], pl.FP32]",
    rtype: str = "pl.Tensor[[16, 64], pl.FP32]",
    extra: str = "",
) -> str:
    return KERNEL.format(prelude=prelude, ftype=ftype, xtype=xtype, rtype=rtype, extra=extra)


def errors(source: str) -> list[tuple[str | None, str, int]]:
    """(exception class, message, 1-based line) of every error, in source order."""
    return [(d.exception, d.message, d.span.start_line) for d in check_source(source) if d.severity == 1]


def test_the_base_kernel_is_clean() -> None:
    assert errors(kernel()) == []


# ---------------------------------------------------------------- Python's compiler


def test_break_outside_a_loop_is_pythons_syntax_error() -> None:
    found = errors(kernel(extra="        break\n"))
    assert ("SyntaxError", "SyntaxError: 'break' outside loop", 14) in found


@pytest.mark.parametrize(
    "source",
    [
        "break\n",
        "for i in x:\n    pass\nelse:\n    continue\n",
        "for i in x:\n    def f():\n        break\n",
        "while 1:\n    class A:\n        continue\n",
        "class A:\n    return 1\n",
        "yield 1\n",
        "await x\n",
        "def f():\n    await x\n",
        "lambda: await x\n",
        "def f():\n    async with x:\n        pass\n",
        "async def f():\n    yield 1\n    return 2\n",
        "async def f():\n    yield from x\n",
        "nonlocal x\n",
        "def f(a, b, a):\n    pass\n",
        "def f(a, *, a):\n    pass\n",
        "def f(a):\n    global a\n",
        "def f():\n    a = 1\n    global a\n",
        "def f():\n    print(a)\n    global a\n",
        "def f():\n    a: int = 1\n    global a\n",
        "def f():\n    a += 1\n    global a\n",
        "try:\n    pass\nexcept:\n    pass\nexcept ValueError:\n    pass\n",
        "*a = b\n",
        "*a, *b = c\n",
        "for i in x:\n    try:\n        pass\n    finally:\n        continue\n",
        "def f():\n    import a\n    global a\n",
        "async def f():\n    await x\n    async for i in y:\n        pass\n",
    ],
)
def test_compile_checks_agree_with_cpython(source: str) -> None:
    """Our own snippets, compiled by this interpreter: the reference for the message."""
    try:
        compile(source, "<snippet>", "exec")
        expected = None
    except SyntaxError as error:
        expected = (error.msg, error.lineno, error.offset)
    found = first_compile_error(ast.parse(source))
    got = (found.message, found.node.lineno, found.node.col_offset + 1) if found else None  # type: ignore[attr-defined]
    assert got == expected


def test_compile_error_keeps_the_rest_of_the_file_analysed() -> None:
    source = kernel(xtype="pl.Tensor", extra="        break\n")
    messages = [message for _, message, _ in errors(source)]
    assert "SyntaxError: 'break' outside loop" in messages
    assert "Incomplete type annotation: pl.Tensor" in messages


# ------------------------------------------------------- Python running the class body


def test_undefined_name_in_a_parameter_annotation() -> None:
    found = errors(kernel(xtype="pl.Tensor[[NROWS, 64], pl.FP32]"))
    assert found == [("NameError", "name 'NROWS' is not defined", X_LINE)]


@pytest.mark.parametrize(
    "prelude",
    [
        "NROWS = 16",
        "from shapes import *",
        "if True:\n    NROWS = 16",
        "for NROWS in [16]:\n    pass",
        "def setup():\n    global NROWS\n    NROWS = 16",
        "globals()['NROWS'] = 16",
    ],
)
def test_a_name_bound_somewhere_in_the_module_is_never_undefined(prelude: str) -> None:
    found = errors(kernel(prelude=prelude, xtype="pl.Tensor[[NROWS, 64], pl.FP32]"))
    assert all(cls != "NameError" for cls, _, _ in found)


def test_names_of_the_class_body_and_builtins_are_bound() -> None:
    source = kernel(xtype="pl.Tensor[[len([1]) * 16, 64], pl.FP32]").replace(
        "class Prog:\n", "class Prog:\n    ROWS = 16\n"
    )
    assert all(cls != "NameError" for cls, _, _ in errors(source))


def test_unknown_pl_attribute_in_an_annotation() -> None:
    found = errors(kernel(xtype="pl.Tensor[[16, 64], pl.FP33]"))
    assert found == [("AttributeError", "module 'pypto.language' has no attribute 'FP33'", X_LINE)]


def test_unknown_enum_member_in_the_decorator_is_the_enums_attribute_error() -> None:
    found = errors(kernel(ftype="pl.FunctionType.Incore"))
    assert found == [("AttributeError", "Incore", DECORATOR_LINE)]


def test_the_decorator_is_evaluated_before_the_annotations() -> None:
    found = errors(kernel(ftype="pl.FunctionType.Incore", xtype="pl.Tensor[[NROWS, 64], pl.FP32]"))
    assert found == [("AttributeError", "Incore", DECORATOR_LINE)]


def test_future_annotations_are_not_evaluated_by_python() -> None:
    source = "from __future__ import annotations\n" + kernel(xtype="pl.Tensor[[16, 64], pl.FP33]")
    assert all(cls != "AttributeError" for cls, _, _ in errors(source))


def test_a_rebound_pl_is_not_the_module() -> None:
    source = kernel(xtype="pl.Tensor[[16, 64], pl.FP33]").replace(
        "class Prog:\n", "class Prog:\n    pl = pl\n"
    )
    assert all(cls != "AttributeError" for cls, _, _ in errors(source))


# ------------------------------------------------------------ the decorators, the parser


def test_function_type_as_a_string() -> None:
    found = errors(kernel(ftype='"InCore"'))
    assert found == [("ParserSyntaxError", "Unsupported `@pl.function`(type=...) value", DECORATOR_LINE)]


def test_a_program_without_functions() -> None:
    source = kernel().replace("    @pl.function(type=pl.FunctionType.InCore)\n", "")
    found = errors(source)
    assert ("ParserSyntaxError", "Class 'Prog' contains no @pl.function decorated methods", 5) in found


@pytest.mark.parametrize(
    ("xtype", "message", "column"),
    [
        ("pl.Tensor", "Incomplete type annotation: pl.Tensor", 12),
        ("pl.Scalar", "Incomplete type annotation: pl.Scalar", 12),
        ("pl.InOut[pl.Scalar[pl.INDEX]]", "Scalar parameters cannot have InOut direction", 21),
        ("tuple[pl.Scalar[pl.INDEX]]", "Parameter type cannot be a tuple", 12),
    ],
)
def test_parameter_annotations_the_parser_rejects(xtype: str, message: str, column: int) -> None:
    found = [d for d in check_source(kernel(xtype=xtype)) if d.severity == 1]
    assert [(d.exception, d.message, d.span.start_line, d.span.start_col + 1) for d in found] == [
        ("ParserTypeError", message, X_LINE, column)
    ]


def test_missing_parameter_annotation() -> None:
    source = kernel().replace("        x: pl.Tensor[[16, 64], pl.FP32],\n", "        x,\n")
    assert errors(source) == [("ParserTypeError", "Parameter 'x' missing type annotation", X_LINE)]


def test_incomplete_return_annotation() -> None:
    assert errors(kernel(rtype="pl.Tensor")) == [
        ("ParserTypeError", "Incomplete type annotation: pl.Tensor", 11)
    ]


def test_a_bare_tensor_is_fine_in_a_jit_signature() -> None:
    source = textwrap.dedent(
        """\
        import pypto.language as pl


        @pl.jit
        def kernel(x: pl.Tensor, out: pl.Out[pl.Tensor]):
            return out
        """
    )
    assert errors(source) == []


def test_cli_reports_the_python_error_with_its_class(tmp_path) -> None:
    path = tmp_path / "k.py"
    path.write_text(kernel(xtype="pl.Tensor[[16, 64], pl.FP33]"), encoding="utf-8")
    run = run_cli("--format", "json", str(path), cwd=REPO)
    assert run.returncode == 1
    (diagnostic,) = json.loads(run.stdout)["files"][0]["diagnostics"]
    assert diagnostic["code"] == "PTO003"
    assert diagnostic["message"] == "module 'pypto.language' has no attribute 'FP33'"
    assert diagnostic["range"]["start"]["line"] == X_LINE - 1
