"""Reading the operands of the memory and view ops (src/ir/op/{tile,tensor}_ops/memory.cpp,
transform.cpp): literal lists as dims (offsets, shapes, valid shapes), static flags,
enum members and pad values, and the valid shapes of the operand types."""

from __future__ import annotations

import ast
import math
from collections.abc import Callable
from typing import TypeVar

from compiler.ir import (
    BinaryExpr,
    Const,
    Expr,
    IRType,
    OpaqueExpr,
    ScalarType,
    TensorType,
    TileType,
    UnaryExpr,
    Var,
)
from compiler.ir.types import Dim
from compiler.ops.call import OP_CALL_MISMATCH, OpCall, OpError, is_wrapped
from compiler.ops.checks import expect, expect_tensor_like
from compiler.ops.type_inference import ir_type_name
from compiler.ops.wrapping import py_class
from compiler.syntax.values import UNKNOWN, DynVar, EnumMember

__all__ = [
    "INDEX_LIKE",
    "INTEGER",
    "UNKNOWN_DIM",
    "dim_of",
    "dims",
    "dtype_string",
    "element_read",
    "element_write",
    "enum_member",
    "expr_class_name",
    "flag",
    "indices",
    "is_index_like",
    "is_integer",
    "is_none",
    "operand_of",
    "operand_type",
    "pad_value",
    "scalar_dtype",
    "scalar_element",
    "scalar_elements",
    "written_value",
]

T = TypeVar("T", bound=IRType)

# A dim whose value we cannot name (never equal to anything, never proved).
UNKNOWN_DIM = "?"


def is_dynamic_dim(dim: object) -> bool:
    """A dimension the real type holds as a symbol or an expression: a `pl.dynamic` name or
    a scalar variable (not a value this front end merely could not fold)."""
    return (isinstance(dim, str) and dim != UNKNOWN_DIM) or isinstance(dim, Var)


def dims(call: OpCall, param: str) -> tuple[Dim | Expr, ...] | None:
    """A literal list/tuple argument, one dim per element (`dim_of`); None when the
    argument is absent or not a literal list."""
    node = call.nodes.get(param)
    items = call.items(param)
    if not isinstance(node, (ast.List, ast.Tuple)) or items is None or len(items) != len(node.elts):
        return None
    return tuple(dim_of(item, element, call) for item, element in zip(items, node.elts))


def dim_of(item: Expr, node: ast.expr | None, call: OpCall) -> Dim | Expr:
    """An element as the real IR holds it: an int literal (`ConstInt` of INDEX), a
    `pl.dynamic` symbol, or a scalar expression of variables and arithmetic."""
    if isinstance(item, Const) and isinstance(item.value, int) and not isinstance(item.value, bool):
        if getattr(item.type, "dtype", None) == "INDEX":
            return item.value
        return item
    if isinstance(item, OpaqueExpr):
        value = call.evaluate(node) if node is not None else UNKNOWN
        return value.name if isinstance(value, DynVar) else UNKNOWN_DIM
    if isinstance(item, (Var, BinaryExpr, UnaryExpr, Const)):
        return item
    return UNKNOWN_DIM


def is_none(call: OpCall, param: str) -> bool:
    """Whether the argument is written as a literal `None` (the wrapper's "absent")."""
    node = call.nodes.get(param)
    return isinstance(node, ast.Constant) and node.value is None


def flag(call: OpCall, param: str, default: bool = False) -> bool | None:
    """The truth of a flag argument (`if clamp:` in the wrapper), `default` when it is
    absent; None when its value is not static."""
    node = call.nodes.get(param)
    if node is None:
        return default
    value = call.evaluate(node)
    if value is None or isinstance(value, (bool, int, float)):
        return bool(value)
    return None


def enum_member(call: OpCall, param: str, enums: tuple[str, ...], default: str | None) -> str | None:
    """A `pl.<Enum>.<member>` argument's member name (`default` when absent); None when
    it is not one of `enums` or not static."""
    node = call.nodes.get(param)
    if node is None:
        return default
    value = call.evaluate(node)
    if isinstance(value, EnumMember) and value.enum in enums:
        return value.member
    return None


_PAD_HINT = "Use pl.PadValue.zero / pl.PadValue.max / pl.PadValue.min, or one of the literals 0, 0.0, math.inf, -math.inf."


def pad_value(call: OpCall, param: str, allow_null: bool = False) -> str | None:
    """`normalize_pad_value` of a `pad_value` argument: the `PadValue` member name, or
    OpError with its message; None when the value is not static. `allow_null`: a
    `PadValue.null` passes (the slices take it as "no padding")."""
    node = call.nodes.get(param)
    if node is None:
        return "zero"
    value = call.evaluate(node)
    if isinstance(value, EnumMember):
        if value.enum != "PadValue" or value.member not in ("null", "zero", "max", "min"):
            return None
        if value.member == "null" and not allow_null:
            raise OpError(
                f"fillpad pad_value cannot be PadValue.null — that means no padding mode. {_PAD_HINT}"
            )
        return value.member
    if isinstance(value, bool):
        raise OpError(f"fillpad pad_value cannot be bool ({value!r}). {_PAD_HINT}")
    if isinstance(value, int):
        if value == 0:
            return "zero"
        raise OpError(
            f"fillpad pad_value only accepts the integer literal 0 (mapped to PadValue.zero); got {value!r}. "
            f"{_PAD_HINT}"
        )
    if isinstance(value, float):
        if math.isnan(value):
            raise OpError(f"fillpad pad_value cannot be NaN. {_PAD_HINT}")
        if value == 0.0:
            return "zero"
        if math.isinf(value):
            return "max" if value > 0 else "min"
        raise OpError(
            f"fillpad pad_value only accepts the float literals 0.0, math.inf, or -math.inf; got {value!r}. "
            f"{_PAD_HINT}"
        )
    if isinstance(value, str) or (value is None and not allow_null):  # the slices take None as "absent"
        raise OpError(
            "fillpad pad_value must be a PadValue or one of 0 / 0.0 / math.inf / -math.inf; got "
            f"{type(value).__name__} {value!r}. {_PAD_HINT}"
        )
    return None


# `DataType::ToString`.
_DTYPE_STRINGS = {"BF16": "bfloat16"}

# The class names `Expr::TypeName()` reports for our expression nodes.
_BINARY_CLASSES = {
    "add": "Add", "sub": "Sub", "mul": "Mul", "div": "FloatDiv", "floordiv": "FloorDiv", "mod": "FloorMod",
    "pow": "Pow", "shl": "BitShiftLeft", "shr": "BitShiftRight", "bitand": "BitAnd", "bitor": "BitOr",
    "bitxor": "BitXor",
}  # fmt: skip


def dtype_string(dtype: str) -> str:
    """`DataType::ToString()`: "fp32", "index", "bfloat16"."""
    return _DTYPE_STRINGS.get(dtype, dtype.lower())


def expr_class_name(expr: Expr | None) -> str | None:
    """`Expr::TypeName()` of a parsed operand ("Var", "Add", "ConstFloat"), None when unsure."""
    if isinstance(expr, Var):
        return "Var"
    if isinstance(expr, Const):
        if isinstance(expr.value, bool):
            return "ConstBool"
        if isinstance(expr.value, int):
            return "ConstInt"
        if isinstance(expr.value, float):
            return "ConstFloat"
        return None
    if isinstance(expr, BinaryExpr):
        return _BINARY_CLASSES.get(expr.op)
    if isinstance(expr, UnaryExpr) and expr.op == "neg":
        return "Neg"
    return None


def scalar_dtype(expr: Expr | None) -> str | None:
    """The dtype of a scalar operand as the real IR has it (an int literal is INDEX, a
    float literal FP32); None when not known."""
    if isinstance(expr, Const):
        if isinstance(expr.value, bool):
            return "BOOL"
        if isinstance(expr.value, (int, float)):
            return getattr(expr.type, "dtype", None)
        return None
    dtype = getattr(expr.type, "dtype", None) if expr is not None else None
    return dtype if isinstance(dtype, str) else None


def is_integer(dtype: str) -> bool:
    """An integer dtype as these checks read it (INT*, UINT*, INDEX)."""
    return dtype.startswith(("INT", "UINT")) or dtype == "INDEX"


def is_index_like(dtype: str) -> bool:
    """`ValidateIndexTupleElements`' dtypes: INT64, UINT64, INDEX."""
    return dtype in ("INT64", "UINT64", "INDEX")


INTEGER = "integer dtype"
INDEX_LIKE = "dtype INT64, UINT64, or INDEX"


def scalar_element(
    item: Expr, subject: str, allowed: Callable[[str], bool], wanted: str, got: str = ", but got"
) -> str | None:
    """One scalar operand of an index, offset or shape: "<subject> must be ScalarType, but
    got <TypeName>", then "<subject> must have <wanted><got> <dtype>" unless `allowed`.
    Its dtype; None when not known (then nothing more is checked of it)."""
    if isinstance(item.type, (TileType, TensorType)):
        raise OpError(f"{subject} must be ScalarType, but got {item.type.ir_class_name}")
    dtype = scalar_dtype(item)
    if dtype is not None and not allowed(dtype):
        raise OpError(f"{subject} must have {wanted}{got} {dtype_string(dtype)}")
    return dtype


def operand_type(call: OpCall, index: int = 0) -> IRType | None:
    """The type of the wrapper's `index`-th operand; None when the real wrapper would not
    reach the deduction with it (a raw literal: its `.unwrap()` fails first) or its type
    is not known."""
    expr = call.expr(call.param(index))
    if expr is None or not is_wrapped(expr) or ir_type_name(expr.type) is None:
        return None
    return expr.type


def operand_of(
    call: OpCall, kind: type[T], message: str, *, index: int = 0, distributed: bool = False
) -> T | None:
    """The `index`-th operand's type checked as the deduction's `CHECK(As<kind>(type)) <<
    message << TypeName()` does (`distributed`: a TensorType check that a distributed
    tensor passes). None when the operand is not known (`operand_type`)."""
    found = operand_type(call, index)
    if found is None:
        return None
    if distributed:
        return expect_tensor_like(found, message)  # type: ignore[return-value]
    return expect(found, kind, message)


def written_value(call: OpCall, op: str, noun: str, dtype: str | None) -> None:
    """`Deduce{Tile,Tensor}WriteType`'s value (the third argument): a scalar of the
    destination's dtype."""
    value = call.expr(call.param(2))
    found = scalar_dtype(value)
    if found is not None and dtype is not None and found != dtype:
        raise OpError(
            f"{op} requires value dtype to match {noun} dtype, but got value dtype "
            f"{dtype_string(found)} and {noun} dtype {dtype_string(dtype)}"
        )


def _python_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def element_read(call: OpCall, op: str, kind: type, noun: str, *, distributed: bool = False) -> IRType | None:
    """`Deduce{Tile,Tensor}ReadType` (`noun`: "tile", "tensor"): one integer index per
    dimension; a scalar of the element dtype."""
    source = operand_of(
        call,
        kind,
        f"{op} requires first argument to be a {kind.ir_class_name}, but got ",
        distributed=distributed,
    )
    if source is None:
        return None
    if source.shape is not None:
        indices(call, call.param(1) or "indices", op, len(source.shape), noun)
    return ScalarType(source.dtype)


def element_write(
    call: OpCall, op: str, kind: type, noun: str, *, distributed: bool = False
) -> IRType | None:
    """`Deduce{Tile,Tensor}WriteType`: the indices, then the value; the destination's type.
    The wrappers unwrap a Scalar value only: a tile or tensor reaches `create_op_call` as
    the DSL object, a number given by keyword as the Python number; neither binds, before
    any deduction."""
    value_param = call.param(2)
    if py_class(call, value_param) in ("Tile", "Tensor", "DistributedTensor") or (
        value_param in call.keywords and _python_number(call.evaluate(call.nodes[value_param]))
    ):
        raise OpError(OP_CALL_MISMATCH)
    target = operand_of(
        call,
        kind,
        f"{op} requires first argument to be a {kind.ir_class_name}, but got ",
        distributed=distributed,
    )
    if target is None:
        return None
    if target.shape is not None and indices(call, call.param(1) or "indices", op, len(target.shape), noun):
        written_value(call, op, noun, target.dtype)
    return target


def scalar_elements(
    call: OpCall,
    param: str,
    what: str,
    allowed: Callable[[str], bool] = is_integer,
    wanted: str = INTEGER,
    got: str = ", but got",
) -> tuple | None:
    """A literal list argument whose elements pass `scalar_element` ("<what> <i> must be
    ..."): its dims; None when it is not a literal list or an element is not known. By
    default the tensor ops' check, a scalar of an integer dtype each."""
    items = call.items(param)
    found = dims(call, param)
    if items is None or found is None:
        return None
    for index, item in enumerate(items):
        if scalar_element(item, f"{what} {index}", allowed, wanted, got) is None:
            return None
    return found


def indices(call: OpCall, param: str, op: str, rank: int, what: str) -> bool:
    """The index checks of `read` / `write` (`what`: "tile", "tensor"): one integer scalar
    per dimension. False when the indices are not all known."""
    node = call.nodes.get(param)
    if isinstance(node, (ast.List, ast.Tuple)):
        items = call.items(param) or []
    else:
        value = call.expr(param)
        if value is None:
            return False
        items = [value]  # a bare index: the wrapper makes it a one-element list
    if len(items) != rank:
        raise OpError(f"{op} indices count ({len(items)}) must match {what} rank ({rank})")
    return all(
        scalar_element(item, f"{op} index element {index}", is_integer, INTEGER) is not None
        for index, item in enumerate(items)
    )
