"""What a DSL op wrapper does with an operand before its IR builder or the C++ type
deduction sees it (python/pypto/language/op/*_ops.py, python/pypto/ir/utils.py).

The real parser hands a wrapper each parsed argument wrapped by its IR type: a
`Tensor`, `DistributedTensor`, `Tile` or `Scalar` object, except an int or float
literal, which stays a raw `ConstInt` / `ConstFloat` expression. A wrapper then calls
`.unwrap()` on an operand (which fails in Python on a raw literal), or unwraps it only
when it is of some classes (`_unwrap_rhs`), leaving any other object as it is; an IR
builder then turns a scalar-like operand into an IR constant of the paired tile's or
tensor's dtype (`_normalize_scalar_operand`), where an object that is no IR value
fails in `float()` / `int()`. Those Python failures are the messages the real
compiler reports, so they are modelled here, in their order.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compiler.base.span import Span
from compiler.ir import Const, Expr, IRType, ScalarType, TensorType, TileType
from compiler.ops.call import OpCall, OpError, dsl_class
from compiler.ops.type_inference import dtype_text, is_float_dtype, is_int_dtype

# The DSL classes whose `.unwrap()` gives the IR value.
WRAPPED = frozenset({"Tensor", "DistributedTensor", "Tile", "Scalar"})
TENSOR_CLASSES = frozenset({"Tensor", "DistributedTensor"})

# The module of each DSL class, as `type(x)` is written in a message.
_CLASS_PATHS = {
    "Tensor": "pypto.language.typing.tensor.Tensor",
    "Tile": "pypto.language.typing.tile.Tile",
    "DistributedTensor": "pypto.language.distributed.typing.distributed_tensor.DistributedTensor",
}


@dataclass(frozen=True)
class Arg:
    """One operand as the wrapper holds it: an IR expression (`obj` None), or a
    Python object that is none (`obj`: its class name; `expr`: the IR value a DSL
    object wraps; `literal`: the value of a plain int or float)."""

    expr: Expr | None = None
    obj: str | None = None
    literal: int | float | None = None
    node: ast.expr | None = None  # where it was written


def py_class(call: OpCall, param: str | None) -> str | None:
    """`type(x).__name__` of what the wrapper received for `param`; "NoneType" when
    the parameter was not passed (every optional operand defaults to None); None
    when unsure."""
    if param is None or param not in call.nodes:
        return "NoneType"
    value = call.values.get(param)
    if isinstance(value, Expr):
        return dsl_class(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return type(value).__name__
    return None


def arg(call: OpCall, param: str | None) -> Arg | None:
    """The operand as received (before any unwrap); None when its class is not known."""
    cls = py_class(call, param)
    if cls is None:
        return None
    value = call.values.get(param) if param is not None else None
    node = call.nodes.get(param) if param is not None else None
    if isinstance(value, Expr):
        return Arg(expr=value, node=node) if cls not in WRAPPED else Arg(expr=value, obj=cls, node=node)
    literal = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    return Arg(obj=cls, literal=literal, node=node)


def unwrap(call: OpCall, param: str | None) -> Expr | None:
    """The wrapper's `x.unwrap()`: the IR value, or the AttributeError of an object
    that has no `unwrap` (a raw literal). None when the operand is not known."""
    cls = py_class(call, param)
    if cls is None:
        return None
    if cls in WRAPPED:
        return call.expr(param)
    raise OpError(f"'{cls}' object has no attribute 'unwrap'", foreign=True)


def unwrap_optional(call: OpCall, index: int) -> Expr | None:
    """`x.unwrap() if x is not None else None` of an optional operand (the wrapper's
    `index`-th parameter): None when it is not passed (or not known)."""
    param = call.param(index)
    return unwrap(call, param) if param is not None and call.has(param) else None


def unwrap_if(call: OpCall, param: str | None, classes: frozenset[str]) -> Arg | None:
    """`x.unwrap() if isinstance(x, classes) else x`."""
    received = arg(call, param)
    if received is None or received.obj not in classes:
        return received
    return Arg(expr=received.expr, node=received.node)


def flag(call: OpCall, param: str) -> bool | None:
    """A bool keyword's static value (`high_precision=True`); False when not passed."""
    node = call.nodes.get(param)
    if node is None:
        return False
    if param not in call.keywords:
        return None  # positional: the wrapper gets a Scalar, whose truth it cannot take
    value = call.evaluate(node)
    return bool(value) if isinstance(value, (bool, int)) else None


def elem_dtype(operand: IRType | None) -> str | None:
    """`_elem_dtype`: the element dtype of a tile or tensor operand, else None."""
    return operand.dtype if isinstance(operand, (TileType, TensorType)) else None


def normalize_scalar_operand(
    operand: IRType | None,
    scalar: Arg,
    *,
    fallback_int: str = "INT32",
    fallback_float: str = "FP32",
    retype_constants: bool = False,
) -> IRType | None:
    """`_normalize_scalar_operand(operand, scalar)`, `operand` being the paired tile's
    or tensor's type: the IR type of the expression it returns, or its Python error.
    None when the outcome depends on what is not known."""
    if not isinstance(operand, (TileType, TensorType, ScalarType)):
        return None  # an operand type we do not model: its dtype may or may not be known
    target = elem_dtype(operand)
    if isinstance(operand, (TileType, TensorType)) and target is None:
        return None
    expr = scalar.expr if scalar.obj is None else None
    value: Any
    if expr is not None:
        retyped = retype_constants and isinstance(expr, Const) and isinstance(expr.value, (int, float))
        if retyped or _is_index_placeholder(expr):
            value = expr.value  # type: ignore[attr-defined]
        else:
            _check_not_index_scalar(expr, target)
            return expr.type
    elif scalar.literal is not None:
        value = scalar.literal
    else:
        return _python_conversion(scalar.obj, target or fallback_int)
    if target is None or (not retype_constants and isinstance(value, float) and is_int_dtype(target)):
        target = fallback_float if isinstance(value, float) else fallback_int
    if retype_constants and is_int_dtype(target) and isinstance(value, float) and not value.is_integer():
        return None  # its message prints a DataType: not modelled
    if is_float_dtype(target) or is_int_dtype(target):
        return ScalarType(target)
    # Neither int nor float (BOOL): `_normalize_expr` keeps an expression as it is.
    return (
        expr.type
        if expr is not None
        else ScalarType(fallback_float if isinstance(value, float) else fallback_int)
    )


def normalize_const_to_dtype(scalar: Arg, dtype: str, *, float_dtype: str = "FP32") -> IRType | None:
    """`_normalize_const_to_dtype(scalar, dtype)`: a literal re-typed to `dtype` (a float
    one on an int `dtype` to `float_dtype`); a typed expression kept."""
    expr = scalar.expr if scalar.obj is None else None
    if expr is not None:
        if _is_index_placeholder(expr):
            return ScalarType(dtype)
        _check_not_index_scalar(expr, dtype)
        return expr.type
    if scalar.literal is not None:
        return ScalarType(float_dtype if isinstance(scalar.literal, float) and is_int_dtype(dtype) else dtype)
    return _python_conversion(scalar.obj, dtype)


def _is_index_placeholder(expr: Expr) -> bool:
    """The parser's `ConstInt(v, INDEX)` for a plain int literal."""
    return (
        isinstance(expr, Const)
        and isinstance(expr.value, int)
        and not isinstance(expr.value, bool)
        and isinstance(expr.type, ScalarType)
        and expr.type.dtype == "INDEX"
    )


def _check_not_index_scalar(expr: Expr, target: str | None) -> None:
    """`_check_not_index_scalar`: a non-constant `index` scalar is refused."""
    scalar_type = expr.type
    if not isinstance(scalar_type, ScalarType) or scalar_type.dtype != "INDEX":
        return
    # `str(DataType)` is its `ToString()`, upper-cased here: `pl.INT32`, `pl.BFLOAT16`.
    hint = (
        f"pl.cast(<value>, pl.{dtype_text(target).upper()})"
        if target and is_int_dtype(target)
        else "pl.cast(<value>, pl.INT32)"
    )
    raise OpError(
        "Scalar operand has dtype `index`, which tile/tensor scalar instructions do "
        f"not accept. Convert it explicitly, e.g. {hint}."
    )


def not_convertible(call: OpCall, param: str) -> None:
    """`_normalize_expr` in an IR builder given a DSL object the wrapper did not unwrap."""
    path = _CLASS_PATHS.get(py_class(call, param) or "")
    if path is not None:
        raise OpError(f"Cannot convert <class '{path}'> to IR expression")


_SCALAR_PATH = "pypto.language.typing.scalar.Scalar"
# The class of a literal as a wrapper receives it: a raw `ConstFloat` (positional), the
# Python value (keyword).
_LITERAL_PATHS = {"ConstFloat": "pypto.pypto_core.ir.ConstFloat", "float": "float", "str": "str"}


def python_type_text(call: OpCall, param: str, *, literals: bool = False) -> str | None:
    """`{type(x)}` of a DSL object the wrapper received for `param` and hands on as it
    is (`<class 'pypto.language.typing.scalar.Scalar'>`); with `literals`, of a float or
    string literal too. None for anything else."""
    cls = py_class(call, param) or ""
    path = _CLASS_PATHS.get(cls) or (_SCALAR_PATH if cls == "Scalar" else None)
    if path is None and literals:
        path = _LITERAL_PATHS.get(cls)
    return f"<class '{path}'>" if path is not None else None


def _python_conversion(obj: str | None, target: str) -> IRType | None:
    """`_const_at_dtype(value, target)` on an object that is no number: `float(x)` or
    `int(x)` fails; `_normalize_expr` refuses it for a dtype that is neither."""
    if obj is None or obj in ("int", "float", "bool"):
        return None
    if is_float_dtype(target):
        if obj == "str":
            return None  # float("...") parses the text: not modelled
        raise OpError(f"float() argument must be a string or a real number, not '{obj}'")
    if is_int_dtype(target):
        if obj == "str":
            return None
        raise OpError(f"int() argument must be a string, a bytes-like object or a real number, not '{obj}'")
    path = _CLASS_PATHS.get(obj)
    if path is None:
        return None
    raise OpError(f"Cannot convert <class '{path}'> to IR expression")


_SIGNED_BITS = {"INT8": 8, "INT16": 16, "INT32": 32}


def ir_scalar(scalar: Arg, result: IRType | None, *, signed_twin: bool = False) -> Expr | None:
    """The scalar operand as the IR call holds it: a literal re-stamped with the dtype
    `normalize_scalar_operand` gave it (`pl.const(3, pl.INT32)`, `3.0`), any other
    expression as it is. `signed_twin`: tile.sels' constant on an unsigned src keeps its
    bits in the signed twin dtype. None when there is no IR value to give."""
    expr = scalar.expr if scalar.obj is None else None
    value: Any = None
    span: Span | None = None
    if isinstance(expr, Const) and isinstance(expr.value, (int, float)) and not isinstance(expr.value, bool):
        value, span = expr.value, expr.span
    elif expr is not None:
        return expr
    elif scalar.literal is not None and scalar.node is not None:
        value, span = scalar.literal, Span.of(scalar.node)
    else:
        return None
    if not isinstance(result, ScalarType) or result.dtype is None:
        return expr
    dtype = result.dtype
    if expr is not None and isinstance(expr.type, ScalarType) and expr.type.dtype == dtype:
        return expr
    if is_float_dtype(dtype):
        value = float(value)
    elif is_int_dtype(dtype):
        value = int(value)
    else:
        return expr
    bits = _SIGNED_BITS.get(dtype) if signed_twin else None
    if bits is not None and isinstance(value, int) and value >= 1 << (bits - 1):
        value -= 1 << bits
    assert span is not None
    return Const(span, value, type=ScalarType(dtype))


def build(call: OpCall, op: str, args: Sequence[Expr | None], kwargs: dict[str, Any] | None = None) -> None:
    """Record the IR call the real builder makes (its op, arguments and keywords), for
    the printer; nothing when an argument is not known."""
    if any(a is None for a in args):
        return
    call.built["op"] = op
    call.built["args"] = list(args)
    call.built["kwargs"] = dict(kwargs or {})
