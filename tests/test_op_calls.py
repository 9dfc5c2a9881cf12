"""`pl.` op calls: unknown ops, argument lists, operand kinds and result types.

Messages are the real PyPTO parser's (`_parse_unified_op` / `_dispatch_op` re-raising
the wrapper's TypeError or the type deduction's CHECK): written out here, not
imported from the implementation.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from conftest import check

from compiler import check_source
from compiler.base.diagnostics import Severity
from compiler.parser import op_catalog

_HEADER = """\
import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        x: pl.Tensor[[64, 128], pl.FP32],
        y: pl.Tensor[[64, 128], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
"""


def kernel(*lines: str) -> str:
    body = textwrap.indent("\n".join(lines), " " * 8)
    return _HEADER + body + "\n"


def errors(source: str) -> list[tuple[int, int, str, str | None]]:
    """(line, 1-based col, message, hint) of every diagnostic but the IR verifier's
    warnings (a snippet's unused names: tests/test_verifier.py)."""
    return [
        (d.span.start_line, d.span.start_col + 1, d.message, d.hint)
        for d in check_source(source)
        if not (d.code.startswith("PTO6") and d.severity is Severity.WARNING)
    ]


LOAD_A = "a: pl.Tile[[16, 128], pl.FP32] = pl.load(x, [0, 0], [16, 128])"
LOAD_B = "b: pl.Tile[[16, 128], pl.FP32] = pl.load(y, [0, 0], [16, 128])"
STORE = "out = pl.store(c, [0, 0], out)"
RETURN = "return out"
FIRST = 14  # line of the first body statement


def test_correct_kernel_is_clean() -> None:
    source = kernel(LOAD_A, LOAD_B, "c = pl.add(a, b)", STORE, RETURN)
    assert errors(source) == []


@pytest.mark.parametrize(
    ("call", "message", "suggestion"),
    [
        ("pl.lod(x, [0, 0], [16, 128])", "Unknown operation 'pl.lod'", "pl.load"),
        ("pl.tile.lod(x, [0, 0], [16, 128])", "Unknown pl.tile operation: lod", "pl.tile.load"),
        ("pl.tensor.ad(x, y)", "Unknown pl.tensor operation: ad", "pl.tensor.add"),
    ],
)
def test_unknown_op_with_suggestion(call: str, message: str, suggestion: str) -> None:
    source = kernel(f"t = {call}", RETURN)
    [diagnostic] = check_source(source)
    assert diagnostic.message == message
    assert diagnostic.exception == "InvalidOperationError"
    assert (diagnostic.span.start_line, diagnostic.span.start_col) == (FIRST, 12)
    assert suggestion in diagnostic.data["suggestions"]


def test_dsl_names_and_project_extensions_are_not_unknown_ops() -> None:
    # pl.tile.<helper> and IR-builder fallback ops exist in the real modules.
    # (By keyword: a positional 1 reaches the op as an IR constant, which the real
    # registry refuses for the int attribute mask_pattern.)
    source = kernel(LOAD_A, "m = pl.tile.gather_mask(a, mask_pattern=1)", RETURN)
    assert errors(source) == []


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("pl.add(a, b, a)", "pl operation 'add': add() takes 2 positional arguments but 3 were given"),
        (
            "pl.load(x, [0, 0])",
            "pl operation 'load': load() missing 1 required positional argument: 'shapes'",
        ),
        (
            "pl.add(a, b, dtype=pl.FP32)",
            "pl operation 'add': add() got an unexpected keyword argument 'dtype'",
        ),
        ("pl.tile.add(a)", "pl.tile operation 'add': add() missing 1 required positional argument: 'rhs'"),
        (
            "pl.create_tensor()",
            "pl operation 'create_tensor': create() missing 2 required positional arguments: 'shape' and 'dtype'",
        ),
    ],
)
def test_argument_list_is_pythons_type_error(call: str, message: str) -> None:
    source = kernel(LOAD_A, LOAD_B, f"t = {call}", RETURN)
    assert errors(source) == [(FIRST + 2, 13, message, None)]


def test_scalar_operand_adds_the_python_operators_hint() -> None:
    # A literal positional argument is a Scalar expression to the real parser.
    call = "pl.load(x, [0, 0], [16, 128], [16, 128], pl.MemorySpace.Vec, False, 1)"
    [(_, _, message, hint)] = errors(kernel(f"t = {call}", RETURN))
    assert message == "pl operation 'load': load() takes from 3 to 6 positional arguments but 7 were given"
    assert hint is not None and hint.startswith("For scalar arithmetic / comparison")


def test_scalar_operand_as_load_source() -> None:
    source = kernel("a = pl.load(n, [0, 0], [16, 128])", RETURN)
    [(line, col, message, hint)] = errors(source)
    assert (line, col) == (FIRST, 13)
    assert message == (
        "pl operation 'load': The operator tile.load requires first argument to be a TensorType "
        "or DistributedTensorType, but got ScalarType"
    )
    assert hint is not None and hint.startswith("For scalar arithmetic / comparison")


def test_store_with_swapped_tile_and_tensor() -> None:
    source = kernel(LOAD_A, "out = pl.store(out, [0, 0], a)", RETURN)
    assert errors(source) == [
        (
            FIRST + 1,
            15,
            "pl operation 'store': The operator tile.store requires first argument to be a TileType, "
            "but got TensorType",
            None,
        )
    ]


def test_mixing_tile_and_tensor() -> None:
    source = kernel(LOAD_A, "m = pl.add(a, x)", RETURN)
    assert errors(source) == [
        (
            FIRST + 1,
            13,
            "pl.add: cannot mix Tensor and Tile arguments (Tile, Tensor). All operands must be the "
            "same type level — either all Tensor or all Tile",
            None,
        )
    ]


def test_offsets_rank() -> None:
    source = kernel("a = pl.load(x, [0], [16, 128])", RETURN)
    assert errors(source) == [
        (
            FIRST,
            13,
            "pl operation 'load': offsets and shapes must have same number of dimensions, got 1 offsets and 2 shapes",
            None,
        )
    ]


def test_incompatible_shapes_and_broadcasting() -> None:
    small = "s = pl.load(y, [0, 0], [8, 128])"
    row = "r = pl.load(y, [0, 0], [1, 128])"
    source = kernel(LOAD_A, small, row, "ok = pl.add(a, r)", "bad = pl.add(a, s)", RETURN)
    assert errors(source) == [
        (
            FIRST + 4,
            15,
            "pl operation 'add': The operator tile.add requires compatible shapes, but got [16, 128] and [8, 128]",
            None,
        )
    ]


def test_unknown_operand_types_stay_silent() -> None:
    # `z` is not a DSL variable we can type: no operand check may fire.
    source = kernel(
        "z = pl.tensor.dim(x, 0)", "t = pl.add(z, x)", "u = pl.load(self.helper(), [0], [1, 2])", RETURN
    )
    assert [message for _, _, message, _ in errors(source) if "operation" in message] == []


def test_const_and_static_assert() -> None:
    source = kernel(
        "one = pl.const(1)",
        "pl.static_assert(True, n)",
        "pl.static_assert(False)",
        RETURN,
    )
    assert errors(source) == [
        (
            FIRST,
            15,
            "pl.const() requires exactly 2 arguments: value and dtype",
            "Use pl.const(42, pl.INT32) or pl.const(1.0, pl.FP16)",
        ),
        (FIRST + 1, 32, "static_assert() message must be a string literal", None),
        (FIRST + 2, 9, "static_assert failed", "Condition `False` evaluated to False"),
    ]


def test_result_types_carry_shape_and_dtype() -> None:
    from compiler.analysis import analyse_source

    source = kernel(
        LOAD_A,
        "c = pl.cast(a, pl.FP16)",
        "s = pl.row_sum(a, a)",
        "t = pl.create_tensor([32, 16], pl.BF16)",
        "q = pl.load(x, [0, 0], [64, 64])",
        "m = pl.matmul(q, q)",
        RETURN,
    )
    result = analyse_source(source, "<test>")
    # (c, s, t, m are never read: the IR verifier's warnings, nothing else)
    assert {d.code for d in result.diagnostics} <= {"PTO611"}
    (program,) = result.programs
    body = program.functions[0].body
    types = {stmt.var.name: stmt.var.type for stmt in _assignments(body)}
    assert (types["c"].shape, types["c"].dtype) == ((16, 128), "FP16")
    assert (types["s"].shape, types["s"].dtype) == ((16, 1), "FP32")
    assert (types["t"].shape, types["t"].dtype) == ((32, 16), "BF16")
    assert (types["m"].shape, types["m"].dtype, types["m"].memory) == ((64, 64), "FP32", "Acc")


def _assignments(body: object) -> list:
    from compiler.ir import AssignStmt

    found: list = []
    stack = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, AssignStmt):
            found.append(node)
        stack.extend(getattr(node, "stmts", []) or [])
    return found


def test_catalogue_api() -> None:
    assert "load" in op_catalog.op_names()
    assert op_catalog.param_names(None, "store") == ["tile", "offsets", "output_tensor", "shapes", "atomic"]
    assert op_catalog.closest_ops("assmble") == ["pl.assemble"]
    signature = op_catalog.lookup("tile", "create_tile")
    assert signature is not None and signature.function_name == "create"
    assert signature.label().startswith("create(shape, dtype, target_memory=...")


def test_cli_reports_op_errors(tmp_path: Path) -> None:
    checked = check(tmp_path, kernel("a = pl.lod(x, [0, 0], [16, 128])", RETURN))
    [diagnostic] = checked.cli
    assert diagnostic["message"].startswith("Unknown operation 'pl.lod'")
    assert diagnostic["range"]["start"] == {"line": FIRST - 1, "character": 12}
    assert checked.exit_code == 1


def test_scalar_operand_where_a_tile_is_needed() -> None:
    source = kernel(LOAD_A, "m = pl.add(n, a)", "k = pl.part_add(a, n)", "ok = pl.add(a, 2.0)", RETURN)
    messages = [(line, message) for line, _, message, _ in errors(source)]
    assert messages == [
        (FIRST + 1, "pl.add: expected Tensor or Tile operands, got (Scalar, Tile)"),
        (FIRST + 2, "pl.part_add: expected Tensor or Tile operands, got (Tile, Scalar)"),
    ]


def test_promoted_system_op_keeps_its_level() -> None:
    from compiler.parser.ops import canonical_op

    assert canonical_op(None, "tfree_to_aiv", []) == "system.tfree_to_aiv"
    assert canonical_op(None, "load", []) == "tile.load"
    assert canonical_op(None, "create_tensor", []) == "tensor.create"


def test_a_tile_op_on_a_tensor_fails_on_its_own_line() -> None:
    """The real compiler's errors for an op of the wrong level (recorded in the op verdicts):
    the wrapper's Python conversion of an operand it does not unwrap, or the deduction's
    operand check; the statement that uses the failed result reports nothing more."""
    source = kernel(
        LOAD_A,
        "c = pl.tile.sub(a, x)",
        "d = pl.tile.maximum(x, a)",
        "e = pl.tensor.exp(a)",
        "f = pl.tensor.sub(a, a)",
        "out = pl.assemble(out, c, [0, 0])",
        RETURN,
    )
    assert [(line, col, message) for line, col, message, _ in errors(source)] == [
        (
            FIRST + 1,
            13,
            "pl.tile operation 'sub': float() argument must be a string or a real number, not 'Tensor'",
        ),
        (
            FIRST + 2,
            13,
            "pl.tile operation 'maximum': The operator tile.maximum requires first argument to be a TileType, "
            "but got TensorType",
        ),
        (
            FIRST + 3,
            13,
            "pl.tensor operation 'exp': tensor.exp requires first argument to be a TensorType or "
            "DistributedTensorType, but got TileType",
        ),
        (
            FIRST + 4,
            13,
            "pl.tensor operation 'sub': float() argument must be a string or a real number, not 'Tile'",
        ),
    ]


def test_an_index_scalar_operand_needs_a_cast() -> None:
    """A loop index is an `index` scalar, which no tile scalar instruction takes (the real
    `_normalize_scalar_operand`); the suggested cast names an int tile's own dtype."""
    source = kernel(
        "b = pl.load(y, [0, 0], [16, 128])",
        "for i in pl.range(4):",
        "    c = pl.add(b, i)",
        "    d = pl.tile.muls(b, pl.cast(i, pl.FP32))",
        RETURN,
    )
    assert [(line, message) for line, _, message, _ in errors(source)] == [
        (
            FIRST + 2,
            "pl operation 'add': Scalar operand has dtype `index`, which tile/tensor scalar instructions do not "
            "accept. Convert it explicitly, e.g. pl.cast(<value>, pl.INT32).",
        )
    ]


def test_a_dynamic_dim_is_equal_to_itself_only() -> None:
    """A `pl.dynamic` dim is a free variable: the real shape checks prove it equal to
    itself (or broadcast a 1 against it) and to nothing else (messages recorded with
    the real compiler)."""
    source = """\
import pypto.language as pl

M = pl.dynamic("M")
N = pl.dynamic("N")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        x: pl.Tensor[[M, 64], pl.FP32],
        y: pl.Tensor[[32, 64], pl.FP32],
        z: pl.Tensor[[N, 64], pl.FP32],
        w: pl.Tensor[[1, 64], pl.FP32],
        i: pl.Tensor[[M, 64], pl.INT32],
        j: pl.Tensor[[N, 64], pl.INT32],
    ):
        a = pl.add(x, y)
        b = pl.add(x, z)
        c = pl.add(x, x)
        d = pl.add(x, w)
        e = pl.tensor.and_(i, j)
        return
"""
    assert [(line, message) for line, _, message, _ in errors(source)] == [
        (
            19,
            "pl operation 'add': The operator tensor.add requires compatible shapes, but got [M, 64] and [32, 64]",
        ),
        (
            20,
            "pl operation 'add': The operator tensor.add requires compatible shapes, but got [M, 64] and [N, 64]",
        ),
        (
            23,
            "pl.tensor operation 'and_': The operator tensor.and requires both operands to have the same shape, "
            "but got [M, 64] and [N, 64]. Broadcasting is not supported for bitwise/shift operators because the "
            "hardware provides no row/col-expand form; reshape or expand the operand explicitly first.",
        ),
    ]
