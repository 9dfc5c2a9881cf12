"""The type-dispatched `pl.<op>` wrappers (python/pypto/language/op/unified_ops.py): each
picks the tile or the tensor op by its operands' DSL classes, or refuses them with the
wrapper's own message, then the level op's rule types the call."""

from __future__ import annotations

from compiler.ir import IRType
from compiler.ops.call import OpCall, OpError, dsl_class
from compiler.ops.registry import rule_for, wrapper

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

_SCALAR_LIKE = ("Scalar", "ConstInt", "ConstFloat")
_TENSOR_LIKE = ("Tensor", "DistributedTensor")


@wrapper(*(f"unified.{name}" for name in (*_PAIRED, *_FIRST_OPERAND, "cast")))
def dispatch(call: OpCall) -> IRType | None:
    """Resolve the level op, then type the call by its rule (None when either is unknown)."""
    level_op = resolve(call)
    if level_op is None:
        return None
    rule = rule_for(level_op)
    return rule(call.as_op(level_op)) if rule is not None else None


def resolve(call: OpCall) -> str | None:
    """The level op a `pl.<name>` call dispatches to ("tile.add", "tensor.exp", ...), or
    None when the operand types are not known. Raises OpError with the wrapper's own
    message on a dispatch failure."""
    name = call.name
    if name in _PAIRED:
        first, second = _PAIRED[name]
        a, b = dsl_class(call.expr(first)), dsl_class(call.expr(second))
        if a is None or b is None:
            return None
        if (a in _TENSOR_LIKE and b == "Tile") or (a == "Tile" and b in _TENSOR_LIKE):
            raise OpError(
                f"pl.{name}: cannot mix Tensor and Tile arguments ({a}, {b}). All operands must be "
                "the same type level — either all Tensor or all Tile"
            )
        if not {a, b} & {"Tensor", "Tile", "DistributedTensor"}:
            return None  # scalar arithmetic or an unmodelled pairing: not judged here
        scalar_like = b in _SCALAR_LIKE
        if a == "Tile" and b == "Tile":
            return f"tile.{name}"
        if a == "Tile" and scalar_like and name in _SCALAR_RHS:
            return f"tile.{_BINARY_SCALAR_FORM.get(name, name)}"
        if (
            a in _TENSOR_LIKE
            and name != "batch_matmul"
            and (b in _TENSOR_LIKE or (scalar_like and name in _SCALAR_RHS))
        ):
            return f"tensor.{name}"
        if (a in ("Tensor", "Tile") and b in ("Tensor", "Tile", *_SCALAR_LIKE)) or (
            a in _SCALAR_LIKE and b in ("Tensor", "Tile")
        ):
            # No dispatch branch takes this pairing (e.g. a Scalar lhs with a Tile rhs).
            raise OpError(f"pl.{name}: expected Tensor or Tile operands, got ({a}, {b})")
        return None
    if name in _FIRST_OPERAND:
        cls = dsl_class(call.expr(_FIRST_OPERAND[name]))
        if cls is None:
            return None
        if cls in _TENSOR_LIKE:
            return f"tensor.{name}"
        if cls == "Tile":
            return f"tile.{name}"
        raise OpError(f"pl.{name}: expected Tensor or Tile, got {cls}")
    if name == "cast":
        cls = dsl_class(call.expr("input"))
        if cls in _TENSOR_LIKE:
            return "tensor.cast"
        if cls == "Tile":
            return "tile.cast"
    return None
