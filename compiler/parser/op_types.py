"""Operand checks and result types of the common ops, as the real type deduction does them.

Each rule here mirrors one the real compiler runs when the parser calls the op's
wrapper: the unified `pl.<op>` Tensor/Tile dispatch (python/pypto/language/op/
unified_ops.py), the IR builders' Python checks (python/pypto/ir/op/*_ops.py) and
the C++ type deduction (src/ir/op/{tile,tensor}_ops/*.cpp). A rule only fires when
every operand it looks at has a fully known type; otherwise it stays silent and
the result type keeps `None` for what is not known.

Errors are returned as message strings (the text after "pl operation 'x': ", or
a whole message when the wrapper already names the op); the caller raises them.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from compiler.ir import (
    Const,
    Expr,
    IRType,
    ScalarType,
    TensorType,
    TileType,
    TupleType,
)
from compiler.syntax.values import DType, DynVar, EnumMember


class OpTypeError(Exception):
    """A rejection by the wrapper or the type deduction; `message` is its text."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class OpArgs:
    """An op call's arguments, looked up by the wrapper's parameter names."""

    nodes: dict[str, ast.expr]  # parameter -> the argument's ast node
    values: dict[str, Any]  # parameter -> the parsed argument (an Expr, or a kwarg value)
    evaluate: Callable[[ast.expr], Any]  # static value of a node (UNKNOWN when not static)

    def has(self, param: str) -> bool:
        return param in self.nodes

    def type_of(self, param: str) -> IRType | None:
        value = self.values.get(param)
        return value.type if isinstance(value, Expr) else None

    def expr(self, param: str) -> Expr | None:
        value = self.values.get(param)
        return value if isinstance(value, Expr) else None

    def dims(self, param: str) -> tuple[Any, ...] | None:
        """A literal list/tuple argument as shape dims: static ints, a `pl.dynamic` name,
        else "?" (a value we cannot name the way the real IR does)."""
        node = self.nodes.get(param)
        if not isinstance(node, (ast.List, ast.Tuple)):
            return None
        dims: list[Any] = []
        for element in node.elts:
            value = self.evaluate(element)
            if isinstance(value, int) and not isinstance(value, bool):
                dims.append(value)
            elif isinstance(value, DynVar):
                dims.append(value.name)
            else:
                dims.append("?")
        return tuple(dims)

    def list_length(self, param: str) -> int | None:
        node = self.nodes.get(param)
        return len(node.elts) if isinstance(node, (ast.List, ast.Tuple)) else None

    def dtype(self, param: str) -> str | None:
        node = self.nodes.get(param)
        if node is None:
            return None
        value = self.evaluate(node)
        return value.name if isinstance(value, DType) else None

    def memory(self, param: str, default: str | None) -> str | None:
        """A `pl.MemorySpace.<X>` / `pl.Mem.<X>` argument's member; `default` when absent."""
        node = self.nodes.get(param)
        if node is None:
            return default
        value = self.evaluate(node)
        if isinstance(value, EnumMember) and value.enum in ("MemorySpace", "Mem"):
            return value.member
        return None

    def is_false_or_absent(self, param: str) -> bool:
        node = self.nodes.get(param)
        return node is None or (isinstance(node, ast.Constant) and node.value in (False, None))


# ------------------------------------------------------------------ type helpers

# (is float, bits) per dtype, for the C++ PromoteDataTypes rule.
_FLOATS = {
    "FP16": 16,
    "BF16": 16,
    "FP32": 32,
    "FP4": 4,
    "FP8E4M3FN": 8,
    "FP8E5M2": 8,
    "FP8E8M0": 8,
    "HF4": 4,
    "HF8": 8,
}
_SIGNED = {"INT4": 4, "INT8": 8, "INT16": 16, "INT32": 32, "INT64": 64}
_UNSIGNED = {"UINT4": 4, "UINT8": 8, "UINT16": 16, "UINT32": 32, "UINT64": 64, "BOOL": 1, "INDEX": 64}


def promote(a: str | None, b: str | None) -> str | None:
    """The C++ PromoteDataTypes: same -> it; float beats int; wider wins; signed beats unsigned."""
    if a is None or b is None:
        return None
    if a == b:
        return a
    bits_a = _FLOATS.get(a) or _SIGNED.get(a) or _UNSIGNED.get(a)
    bits_b = _FLOATS.get(b) or _SIGNED.get(b) or _UNSIGNED.get(b)
    if bits_a is None or bits_b is None:
        return None
    float_a, float_b = a in _FLOATS, b in _FLOATS
    if float_a != float_b:
        return a if float_a else b
    if bits_a != bits_b:
        return a if bits_a > bits_b else b
    if not float_a and a in _SIGNED:
        return a
    if not float_b and b in _SIGNED:
        return b
    return a


def is_static_shape(shape: tuple[Any, ...] | None) -> bool:
    return shape is not None and all(isinstance(d, int) and not isinstance(d, bool) for d in shape)


def broadcast(lhs: tuple[Any, ...], rhs: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The C++ BroadcastShapes on static shapes: right-aligned, equal or 1; None on failure."""
    result: list[Any] = []
    for i in range(max(len(lhs), len(rhs))):
        a = lhs[len(lhs) - 1 - i] if i < len(lhs) else None
        b = rhs[len(rhs) - 1 - i] if i < len(rhs) else None
        if a is None or b is None:
            result.append(b if a is None else a)
        elif a == b or b == 1:
            result.append(a)
        elif a == 1:
            result.append(b)
        else:
            return None
    return tuple(reversed(result))


def format_shape(shape: tuple[Any, ...]) -> str:
    return "[" + ", ".join(str(d) for d in shape) + "]"


def dsl_class(expr: Expr | None) -> str | None:
    """The class the real wrapper sees for a parsed operand (`type(x).__name__`), or None
    when unsure. Int/float literals stay raw `ConstInt`/`ConstFloat`; the rest is wrapped
    by IR type (Tensor, Tile, Scalar)."""
    if expr is None:
        return None
    if isinstance(expr, Const) and isinstance(expr.type, ScalarType):
        if isinstance(expr.value, bool):
            return "Scalar"  # ConstBool is wrapped like any scalar expression
        if isinstance(expr.value, int):
            return "ConstInt"
        if isinstance(expr.value, float):
            return "ConstFloat"
        return None
    if isinstance(expr.type, TensorType):
        return "DistributedTensor" if expr.type.distributed else "Tensor"
    if isinstance(expr.type, TileType):
        return "Tile"
    if isinstance(expr.type, ScalarType) and expr.type.dtype != "TASK_ID":
        return "Scalar"
    return None


def ir_type_name(ir_type: IRType | None) -> str | None:
    """What the C++ `TypeName()` prints for an operand's type, or None when unsure."""
    if isinstance(ir_type, TensorType):
        return "DistributedTensorType" if ir_type.distributed else "TensorType"
    if isinstance(ir_type, (TileType, ScalarType, TupleType)):
        return ir_type.ir_class_name
    return None


# ------------------------------------------------------------ unified dispatch

# `pl.<op>` wrappers whose dispatch takes both operands at one level (a Tile paired
# with a Tensor falls through to "cannot mix"). Value: the two parameters checked.
_PAIRED = {
    **dict.fromkeys(
        ("add", "sub", "mul", "div", "fmod", "maximum", "minimum", "cmp", "and_", "or_", "shl", "shr"),
        ("lhs", "rhs"),
    ),
    **dict.fromkeys(("part_add", "part_mul", "part_max", "part_min", "matmul", "batch_matmul"), ("lhs", "rhs")),
    **dict.fromkeys(
        (
            "row_expand", "row_expand_add", "row_expand_sub", "row_expand_mul", "row_expand_div",
            "row_expand_max", "row_expand_min", "row_expand_expdif", "col_expand", "col_expand_add",
            "col_expand_sub", "col_expand_mul", "col_expand_div", "col_expand_max", "col_expand_min",
            "col_expand_expdif",
        ),
        ("lhs", "rhs"),
    ),
    "concat": ("src0", "src1"),
    "assemble": ("target", "source"),
    "sort32": ("src", "idx"),
}  # fmt: skip

# `pl.<op>` wrappers that dispatch on their first operand alone and reject anything
# else with "pl.<op>: expected Tensor or Tile, got <class>". Value: that parameter.
_FIRST_OPERAND = {
    **dict.fromkeys(
        (
            "exp", "log", "sin", "cos", "neg", "abs", "recip", "sqrt", "rsqrt", "reshape", "transpose",
            "slice", "row_max", "row_sum", "row_min", "row_prod", "row_argmax", "row_argmin",
            "col_argmax", "col_argmin", "not_", "set_validshape", "scatter_update",
        ),
        "input",
    ),
    "expands": "target",
    "reinterpret_view": "data",
    "fillpad": "value",
    "fillpad_expand": "value",
    "read": "src",
    "write": "dst",
    "mrgsort": "src0",
}  # fmt: skip

# Paired ops whose dispatch also takes a scalar-like rhs (Tile -> the `s` form).
_SCALAR_RHS = frozenset(
    {"add", "sub", "mul", "div", "fmod", "maximum", "minimum", "cmp", "and_", "or_", "shl", "shr"}
)

_BINARY_SCALAR_FORM = {"add": "adds", "sub": "subs", "mul": "muls", "div": "divs", "fmod": "fmods",
                       "maximum": "maximums", "minimum": "minimums"}  # fmt: skip


def resolve_unified(name: str, args: OpArgs) -> str | None:
    """Check a `pl.<name>` type dispatch; return the level op it resolves to
    ("tile.add", "tensor.exp", ...) or None when the operand types are not known.
    Raises OpTypeError with the wrapper's own message on a dispatch failure."""
    if name in _PAIRED:
        first, second = _PAIRED[name]
        a, b = dsl_class(args.expr(first)), dsl_class(args.expr(second))
        if a is None or b is None:
            return None
        levels = {a, b} & {"Tensor", "Tile", "DistributedTensor"}
        tensor_like = {"Tensor", "DistributedTensor"}
        if (a in tensor_like and b == "Tile") or (a == "Tile" and b in tensor_like):
            raise OpTypeError(
                f"pl.{name}: cannot mix Tensor and Tile arguments ({a}, {b}). All operands must be "
                "the same type level — either all Tensor or all Tile"
            )
        if not levels:
            return None  # scalar arithmetic or an unmodelled pairing: not judged here
        scalar_like = b in ("Scalar", "ConstInt", "ConstFloat")
        if a == "Tile" and b == "Tile":
            return f"tile.{name}"
        if a == "Tile" and scalar_like and name in _SCALAR_RHS:
            return f"tile.{_BINARY_SCALAR_FORM.get(name, name)}"
        if (
            a in tensor_like
            and name != "batch_matmul"
            and (b in tensor_like or (scalar_like and name in _SCALAR_RHS))
        ):
            return f"tensor.{name}"
        if a in ("Tensor", "Tile") and b in ("Tensor", "Tile", "Scalar", "ConstInt", "ConstFloat"):
            # No dispatch branch takes this pairing (e.g. a Scalar lhs with a Tile rhs).
            raise OpTypeError(f"pl.{name}: expected Tensor or Tile operands, got ({a}, {b})")
        if a in ("Scalar", "ConstInt", "ConstFloat") and b in ("Tensor", "Tile"):
            raise OpTypeError(f"pl.{name}: expected Tensor or Tile operands, got ({a}, {b})")
        return None
    if name in _FIRST_OPERAND:
        param = _FIRST_OPERAND[name]
        cls = dsl_class(args.expr(param))
        if cls is None:
            return None
        if cls in ("Tensor", "DistributedTensor"):
            return f"tensor.{name}"
        if cls == "Tile":
            return f"tile.{name}"
        raise OpTypeError(f"pl.{name}: expected Tensor or Tile, got {cls}")
    if name == "cast":
        cls = dsl_class(args.expr("input"))
        if cls in ("Tensor", "DistributedTensor"):
            return "tensor.cast"
        if cls == "Tile":
            return "tile.cast"
        return None
    return None


# ------------------------------------------------------------ level-op deduction

_ELEMENTWISE = frozenset(
    {"add", "sub", "mul", "div", "maximum", "minimum", "fmod", "part_add", "part_mul", "part_max", "part_min"}
)
_TILE_SCALAR = frozenset({"adds", "subs", "muls", "divs", "maximums", "minimums", "fmods"})
_UNARY = frozenset({"exp", "log", "sin", "cos", "neg", "abs", "recip", "sqrt", "rsqrt", "relu", "not_"})
_ROW_REDUCTIONS = frozenset({"row_sum", "row_max", "row_min", "row_prod"})
_COL_REDUCTIONS = frozenset({"col_sum", "col_max", "col_min", "col_prod"})


def deduce(op: str, args: OpArgs, params: Sequence[str]) -> IRType | None:
    """Check the operands of the level op `op` ("tile.load") and return its result
    type, or None when this op is not modelled. `params` are the wrapper's parameter
    names in order (the positions the C++ deduction calls first/second/third)."""
    level, _, name = op.partition(".")
    if op == "tile.load":
        return _tile_load(args)
    if op == "tile.store":
        return _tile_store(args)
    if name in _ELEMENTWISE and len(params) >= 2:
        return _elementwise(op, args, params[0], params[1])
    if level == "tile" and name in _TILE_SCALAR:
        lhs = args.type_of(params[0])
        return TileType(lhs.shape, lhs.dtype) if isinstance(lhs, TileType) else None
    if name in _UNARY and params:
        source = args.type_of(params[0])
        if isinstance(source, (TensorType, TileType)) and source.__class__.__name__ == _LEVEL_CLASS.get(
            level
        ):
            return type(source)(source.shape, source.dtype)
        return None
    if name == "cast" and params:
        source = args.type_of(params[0])
        target = args.dtype("target_type")
        if isinstance(source, (TensorType, TileType)):
            return type(source)(source.shape, target)
        return None
    if op in ("tile.create", "tile.create_tile"):
        # The wrapper always passes target_memory (default Vec), which the type carries.
        return TileType(args.dims("shape"), args.dtype("dtype"), args.memory("target_memory", "Vec"))
    if op == "tile.full":
        return TileType(args.dims("shape"), args.dtype("dtype"))
    if op in ("tensor.create", "tensor.full"):
        return TensorType(args.dims("shape"), args.dtype("dtype"))
    if name == "matmul":
        return _matmul(level, args)
    if level == "tile" and (name in _ROW_REDUCTIONS or name in _COL_REDUCTIONS):
        source = args.type_of(params[0]) if params else None
        if not isinstance(source, TileType) or source.shape is None or not source.shape:
            return None
        shape = (*source.shape[:-1], 1) if name in _ROW_REDUCTIONS else (1, *source.shape[1:])
        return TileType(shape, source.dtype)
    if name == "slice" and params:
        source = args.type_of(params[0])
        if isinstance(source, (TensorType, TileType)) and args.is_false_or_absent("drop_dims"):
            return type(source)(args.dims("shape"), source.dtype)
        return None
    if name == "reshape" and params:
        source = args.type_of(params[0])
        if isinstance(source, (TensorType, TileType)):
            return type(source)(args.dims("shape"), source.dtype)
        return None
    if name == "assemble" and params:
        target = args.type_of(params[0])
        return target if isinstance(target, (TensorType, TileType)) else None
    if name == "read" and params:
        source = args.type_of(params[0])
        return ScalarType(source.dtype) if isinstance(source, (TensorType, TileType)) else None
    return None


_LEVEL_CLASS = {"tile": "TileType", "tensor": "TensorType"}


def _tile_load(args: OpArgs) -> IRType:
    # ir/op/tile_ops.py checks the ranks before the C++ deduction sees the call.
    offsets, shapes = args.list_length("offsets"), args.list_length("shapes")
    if offsets is not None and shapes is not None:
        if offsets != shapes:
            raise OpTypeError(
                "offsets and shapes must have same number of dimensions, "
                f"got {offsets} offsets and {shapes} shapes"
            )
        if offsets == 0:
            raise OpTypeError("offsets and shapes must have at least one dimension")
    valid = args.list_length("valid_shape")
    if valid is not None and shapes is not None and valid != shapes:
        raise OpTypeError(
            "valid_shape and shapes must have same number of dimensions, "
            f"got {valid} valid_shape dimensions and {shapes} shapes"
        )
    source = args.type_of("tensor")
    got = ir_type_name(source)
    if got is not None and not isinstance(source, TensorType) and _wrapped_operand(args.expr("tensor")):
        raise OpTypeError(
            "The operator tile.load requires first argument to be a TensorType or "
            f"DistributedTensorType, but got {got}"
        )
    dtype = source.dtype if isinstance(source, TensorType) else None
    return TileType(args.dims("shapes"), dtype, args.memory("target_memory", "Vec"))


def _tile_store(args: OpArgs) -> IRType:
    tile = args.type_of("tile")
    got = ir_type_name(tile)
    if got is not None and not isinstance(tile, TileType) and _wrapped_operand(args.expr("tile")):
        raise OpTypeError(f"The operator tile.store requires first argument to be a TileType, but got {got}")
    output = args.type_of("output_tensor")
    offsets_ok = isinstance(args.nodes.get("offsets"), (ast.List, ast.Tuple))
    got = ir_type_name(output)
    if (
        isinstance(tile, TileType)
        and offsets_ok
        and got is not None
        and not isinstance(output, TensorType)
        and _wrapped_operand(args.expr("output_tensor"))
    ):
        raise OpTypeError(
            "The operator tile.store requires third argument to be a TensorType or "
            f"DistributedTensorType, but got {got}"
        )
    return output if isinstance(output, TensorType) else TensorType(None, None)


def _wrapped_operand(expr: Expr | None) -> bool:
    """A DSL-wrapped operand (a Var or computed value): a raw int/float literal is not
    wrapped, and its `.unwrap()` fails in Python before any type deduction runs."""
    return expr is not None and not (isinstance(expr, Const) and not isinstance(expr.value, bool))


def _elementwise(op: str, args: OpArgs, first: str, second: str) -> IRType | None:
    level = op.partition(".")[0]
    lhs, rhs = args.type_of(first), args.type_of(second)
    level_type = TileType if level == "tile" else TensorType
    if not isinstance(lhs, level_type):
        return None
    if isinstance(rhs, level_type):
        if is_static_shape(lhs.shape) and is_static_shape(rhs.shape):
            assert lhs.shape is not None and rhs.shape is not None
            shape = broadcast(lhs.shape, rhs.shape)
            if shape is None:
                raise OpTypeError(
                    f"The operator {op} requires compatible shapes, but got "
                    f"{format_shape(lhs.shape)} and {format_shape(rhs.shape)}"
                )
            return level_type(shape, promote(lhs.dtype, rhs.dtype))
        same = lhs.shape is not None and lhs.shape == rhs.shape
        return level_type(lhs.shape if same else None, promote(lhs.dtype, rhs.dtype))
    if isinstance(rhs, ScalarType):  # the scalar form (tile.adds / tensor.adds)
        return level_type(lhs.shape, _scalar_result_dtype(level, lhs.dtype, args.expr(second)))
    return None


def _scalar_result_dtype(level: str, dtype: str | None, scalar: Expr | None) -> str | None:
    """Tile scalar ops keep the tile's dtype. Tensor ones promote, after an int literal
    is re-stamped to the tensor's dtype (a float literal stays FP32)."""
    if level == "tile" or dtype is None or scalar is None:
        return dtype if level == "tile" else None
    if isinstance(scalar, Const):
        if isinstance(scalar.value, int) and not isinstance(scalar.value, bool):
            return dtype
        return "FP32" if dtype == "FP32" else None
    scalar_dtype = scalar.type.dtype if isinstance(scalar.type, ScalarType) else None
    return promote(dtype, scalar_dtype) if scalar_dtype not in (None, "INDEX") else None


def _matmul(level: str, args: OpArgs) -> IRType | None:
    lhs, rhs = args.type_of("lhs"), args.type_of("rhs")
    if level == "tile":
        if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
            return None
        shape = None
        if lhs.shape is not None and rhs.shape is not None and len(lhs.shape) == 2 and len(rhs.shape) == 2:
            shape = (lhs.shape[0], rhs.shape[1])
        dtype = None
        if lhs.dtype is not None and lhs.dtype == rhs.dtype:
            dtype = "FP32" if lhs.dtype in _FLOATS else "INT32"
        return TileType(shape, dtype, "Acc")
    if not (isinstance(lhs, TensorType) and isinstance(rhs, TensorType)):
        return None
    shape = None
    transposed = not (args.is_false_or_absent("a_trans") and args.is_false_or_absent("b_trans"))
    if (
        not transposed
        and lhs.shape is not None
        and rhs.shape is not None
        and len(lhs.shape) == len(rhs.shape) == 2
    ):
        shape = (lhs.shape[0], rhs.shape[1])
    dtype = args.dtype("out_dtype") if args.has("out_dtype") else promote(lhs.dtype, rhs.dtype)
    return TensorType(shape, dtype)
