"""The type-dispatched `pl.<op>` wrappers (python/pypto/language/op/unified_ops.py): each
picks the tile or the tensor op by its operands' Python classes (`isinstance` on the
DSL objects the parser hands it), or refuses them with the wrapper's own message; the
level wrapper's rule then types the call, with the arguments the unified wrapper
passes it.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass

from compiler.ir import IRType, ScalarType
from compiler.ops.call import OpCall, OpError
from compiler.ops.registry import rule_for, wrapper
from compiler.ops.tile_unary import resolve_cast_mode
from compiler.ops.type_inference import dtype_bits, dtype_text, is_float_dtype, is_int_dtype
from compiler.ops.wrapping import TENSOR_CLASSES, build, py_class
from compiler.syntax.values import DType

_SCALAR_LIKE = frozenset({"Scalar", "ConstInt", "ConstFloat", "int", "float", "bool"})  # `_is_scalar_like`
_EXPR = frozenset({"ConstInt", "ConstFloat"})  # raw IR expressions (`isinstance(x, _ir_core.Expr)`)


@dataclass(frozen=True)
class Forward:
    """A level wrapper the unified one calls: its registry key, the unified parameters
    passed positionally (in order, onto the level wrapper's `params`), and the ones
    passed by keyword (same name on both)."""

    op: str
    params: tuple[str, ...]  # the level wrapper's positional parameters that receive them
    positional: tuple[str, ...]
    keywords: tuple[str, ...] = ()


Dispatch = Callable[[OpCall, dict[str, str | None]], "Forward | None"]


def _is_tensor(cls: str | None) -> bool:
    return cls in TENSOR_CLASSES


def _dispatch_error(name: str, classes: list[str]) -> OpError:
    """`_raise_type_dispatch_error`."""
    types = ", ".join(classes)
    if any(c in TENSOR_CLASSES for c in classes) and "Tile" in classes:
        return OpError(
            f"pl.{name}: cannot mix Tensor and Tile arguments ({types}). All operands must be the same type "
            "level — either all Tensor or all Tile"
        )
    return OpError(f"pl.{name}: expected Tensor or Tile operands, got ({types})")


def _expected(name: str, cls: str) -> OpError:
    return OpError(f"pl.{name}: expected Tensor or Tile, got {cls}")


def _reject_tmp_for_tensor(name: str, classes: dict[str, str | None], param: str) -> None:
    if classes.get(param) not in ("NoneType", None):
        raise OpError(
            f"pl.{name}: Tensor inputs must not pass {param} — the scratch tile is allocated during "
            "Tensor-to-Tile lowering"
        )


def _require_tmp_for_tile(name: str, classes: dict[str, str | None], param: str, requirement: str) -> None:
    if classes.get(param) == "NoneType":
        raise OpError(f"pl.{name}: Tile inputs require {requirement}")


_ROW_TMP = (
    "tmp_tile with the same dtype and rank as the input, and every dimension at least as large "
    "as the corresponding input dimension"
)
_ROW_ARG_TMP = "tmp_tile with exactly the same shape and dtype as the input"
_COL_ARG_TMP = "tmp_tile — the tile form takes caller-owned scratch, unlike pl.col_max / pl.col_min"
_RSQRT_REMEDY = "The tile form selects precision by taking a scratch tile: pl.tile.rsqrt(tile, tmp)."


def _level_params(op: str) -> tuple[str, ...]:
    """The level wrappers' positional parameters (python/pypto/language/op/*_ops.py)."""
    return _LEVEL_PARAMS.get(op, ("lhs", "rhs"))


_LEVEL_PARAMS: dict[str, tuple[str, ...]] = {
    **{f"tile.{n}": ("tile",) for n in ("exp", "log", "sin", "cos", "neg", "abs", "recip", "sqrt", "not_",
                                         "col_max", "col_min", "col_prod")},
    **{f"tensor.{n}": ("input",) for n in ("exp", "log", "sin", "cos", "neg", "abs", "recip", "sqrt", "rsqrt",
                                           "not_", "row_max", "row_sum", "row_min", "row_prod", "col_sum",
                                           "col_max", "col_min", "col_prod", "row_argmax", "row_argmin",
                                           "col_argmax", "col_argmin")},
    "tile.rsqrt": ("tile", "tmp"),
    **{f"tile.{n}": ("tile", "tmp_tile") for n in ("row_max", "row_sum", "row_min", "row_prod", "col_sum",
                                                    "row_argmax", "row_argmin", "col_argmax", "col_argmin")},
    "tile.cast": ("tile", "target_type", "mode"),
    "tensor.cast": ("input", "target_type", "mode"),
    "tile.expands": ("target", "scalar"),
    "tensor.expands": ("target", "scalar"),
    "tile.row_expand": ("target", "row_vec"),
    "tensor.row_expand": ("target", "row_vec"),
    "tile.col_expand": ("target", "col_vec"),
    **{f"tile.{n}": ("tile", "row_vec") for n in ("row_expand_sub", "row_expand_div", "row_expand_mul",
                                                   "row_expand_max", "row_expand_min", "row_expand_expdif")},
    "tile.row_expand_add": ("tile", "row_vec", "tmp"),
    **{f"tensor.{n}": ("tensor", "row_vec") for n in ("row_expand_sub", "row_expand_div", "row_expand_mul",
                                                       "row_expand_max", "row_expand_min", "row_expand_expdif",
                                                       "row_expand_add")},
    **{f"tile.{n}": ("tile", "col_vec") for n in ("col_expand_mul", "col_expand_div", "col_expand_sub",
                                                   "col_expand_add", "col_expand_max", "col_expand_min",
                                                   "col_expand_expdif")},
    **{f"tensor.{n}": ("tensor", "col_vec") for n in ("col_expand", "col_expand_mul", "col_expand_div",
                                                       "col_expand_sub", "col_expand_add", "col_expand_max",
                                                       "col_expand_min", "col_expand_expdif")},
    **{f"tile.{n}": ("src0", "src1") for n in ("part_add", "part_mul", "part_max", "part_min")},
    "tile.xor": ("lhs", "rhs", "tmp"),
    "tile.xors": ("lhs", "rhs", "tmp"),
    "tile.cmp": ("lhs", "rhs", "cmp_type"),
    "tile.cmps": ("lhs", "rhs", "cmp_type"),
    "tensor.cmp": ("lhs", "rhs", "cmp_type"),
}  # fmt: skip


def _to(op: str, *positional: str, keywords: tuple[str, ...] = ()) -> Forward:
    return Forward(op, _level_params(op)[: len(positional)], positional, keywords)


# --------------------------------------------------------------------- the dispatch rules


def _arith(scalar_form: bool, scalar_scalar: bool, tensor_rhs: frozenset[str]) -> Dispatch:
    """add / sub / mul / div / fmod / maximum / minimum / cmp / and_ / ...: a Tensor lhs
    with a Tensor or scalar-like rhs, a Tile pair, a Tile with a scalar rhs (the `s` form)."""

    def dispatch(call: OpCall, c: dict[str, str | None]) -> Forward | None:
        name, lhs, rhs = call.name, c["lhs"], c["rhs"]
        keywords = tuple(k for k in ("high_precision", "cmp_type") if call.has(k))
        if _is_tensor(lhs) and (rhs in tensor_rhs or _is_tensor(rhs)):
            return _to(f"tensor.{name}", "lhs", "rhs", keywords=keywords)
        if lhs == "Tile" and rhs == "Tile":
            return _to(f"tile.{name}", "lhs", "rhs", keywords=keywords)
        if lhs == "Tile" and scalar_form and rhs in _SCALAR_LIKE:
            if name == "div" and _flag(call, "high_precision"):
                raise OpError("pl.div: high_precision requires a Tile rhs")
            return _to(
                _scalar_op(name),
                "lhs",
                "rhs",
                keywords=("cmp_type",) if name == "cmp" and call.has("cmp_type") else (),
            )
        if scalar_scalar and lhs in _SCALAR_LIKE and rhs in _SCALAR_LIKE:
            if name == "div" and _flag(call, "high_precision"):
                raise OpError("pl.div: high_precision is only supported for Tensor or Tile division")
            _scalar_arithmetic(call, name)
            return None  # an IR scalar expression (`s + t`), typed by `scalar_arithmetic_type`
        raise _dispatch_error(name, [lhs, rhs])  # type: ignore[list-item]

    return dispatch


_SCALAR_OP_NAMES = {"add": "add", "sub": "sub", "mul": "mul", "div": "truediv"}


def _scalar_dtype(call: OpCall, param: str) -> str | None:
    """The dtype `_to_scalar_expr` gives an operand: its own, INDEX for a Python int,
    FP32 for a Python float."""
    value = call.values.get(param)
    if isinstance(value, bool):
        raise OpError(f"scalar arithmetic does not accept bool, got {value!r}")
    if isinstance(value, int):
        return "INDEX"
    if isinstance(value, float):
        return "FP32"
    found = call.type_of(param)
    return found.dtype if isinstance(found, ScalarType) else None


def _scalar_arithmetic(call: OpCall, name: str) -> str | None:
    """`PromoteBinaryOperands` of the scalar operators (include/pypto/ir/scalar_expr.h):
    no bool, one numeric category, the wider dtype (the left one at equal width)."""
    lhs, rhs = _scalar_dtype(call, "lhs"), _scalar_dtype(call, "rhs")
    if lhs is None or rhs is None:
        return None
    op = _SCALAR_OP_NAMES[name]
    if "BOOL" in (lhs, rhs):
        raise OpError(f"Operator '{op}' does not accept bool dtype")
    categories = []
    for dtype in (lhs, rhs):
        if is_float_dtype(dtype):
            categories.append("float")
        elif is_int_dtype(dtype):
            categories.append("int")
        else:
            raise OpError(f"Operator '{op}' requires numeric scalar dtype, got {dtype_text(dtype)}")
    if categories[0] != categories[1]:
        raise OpError(
            f"Operator '{op}' requires same numeric dtype category, got {dtype_text(lhs)} and {dtype_text(rhs)}"
        )
    return rhs if dtype_bits(rhs) > dtype_bits(lhs) else lhs


def scalar_arithmetic_type(call: OpCall) -> IRType | None:
    """The scalar a `pl.add(s, t)` of two scalars makes (None when not such a call)."""
    if call.name not in _SCALAR_OP_NAMES:
        return None
    if py_class(call, "lhs") not in _SCALAR_LIKE or py_class(call, "rhs") not in _SCALAR_LIKE:
        return None
    dtype = _scalar_arithmetic(call, call.name)
    return ScalarType(dtype) if dtype is not None else None


def _scalar_op(name: str) -> str:
    return {"cmp": "tile.cmps", "and_": "tile.ands", "or_": "tile.ors"}.get(name, f"tile.{name}s")


def _flag(call: OpCall, param: str) -> bool:
    """A flag passed by keyword as True (positionally the wrapper gets a Scalar)."""
    node = call.nodes.get(param)
    return node is not None and param in call.keywords and call.evaluate(node) is True


def _pair(call: OpCall, c: dict[str, str | None]) -> Forward | None:
    """part_* / row_expand* / col_expand*: a Tensor pair or a Tile pair."""
    first, second = call.param(0), call.param(1)
    assert first is not None and second is not None
    a, b = c[first], c[second]
    if _is_tensor(a) and _is_tensor(b):
        return _to(f"tensor.{call.name}", first, second)
    if a == "Tile" and b == "Tile":
        return _to(f"tile.{call.name}", first, second)
    raise _dispatch_error(call.name, [a, b])  # type: ignore[list-item]


def _row_expand_add(call: OpCall, c: dict[str, str | None]) -> Forward | None:
    a, b = c["lhs"], c["rhs"]
    if _is_tensor(a) and _is_tensor(b):
        _reject_tmp_for_tensor("row_expand_add", c, "tmp")
        return _to("tensor.row_expand_add", "lhs", "rhs")
    if a == "Tile" and b == "Tile":
        return (
            _to("tile.row_expand_add", "lhs", "rhs", "tmp")
            if c.get("tmp") != "NoneType"
            else _to("tile.row_expand_add", "lhs", "rhs")
        )
    raise _dispatch_error("row_expand_add", [a, b])  # type: ignore[list-item]


def _level_first(scalar_rhs: bool = True) -> Dispatch:
    """fmods / ands / ors / shls / shrs: by the lhs alone."""

    def dispatch(call: OpCall, c: dict[str, str | None]) -> Forward | None:
        lhs, rhs = c["lhs"], c["rhs"]
        if _is_tensor(lhs):
            return _to(f"tensor.{call.name}", "lhs", "rhs")
        if lhs == "Tile":
            return _to(f"tile.{call.name}", "lhs", "rhs")
        raise _dispatch_error(call.name, [lhs, rhs])  # type: ignore[list-item]

    return dispatch


def _xor(call: OpCall, c: dict[str, str | None]) -> Forward | None:
    """xor / xors: the tile forms require the scratch `tmp`, the tensor forms refuse it."""
    name, lhs, rhs = call.name, c["lhs"], c["rhs"]
    if _is_tensor(lhs):
        _reject_tmp_for_tensor(name, c, "tmp")
        return _to(f"tensor.{name}", "lhs", "rhs")
    if lhs == "Tile":
        _require_tmp_for_tile(
            name,
            c,
            "tmp",
            f"an explicit scratch tile — call pl.{name}(lhs, rhs, tmp) or pl.tile.{name}(lhs, rhs, tmp)",
        )
        if name == "xors":
            return _to("tile.xors", "lhs", "rhs", "tmp")
        if rhs == "Tile":
            return _to("tile.xor", "lhs", "rhs", "tmp")
        if rhs in _SCALAR_LIKE:
            return _to("tile.xors", "lhs", "rhs", "tmp")
    raise _dispatch_error(name, [lhs, rhs])  # type: ignore[list-item]


def _unary(call: OpCall, c: dict[str, str | None]) -> Forward | None:
    """exp / log / neg / ... / reshape / slice / ...: by the first operand's class."""
    first = call.param(0)
    assert first is not None
    cls = c[first]
    rest = tuple(p for p in call.params[1:] if call.has(p))
    if _is_tensor(cls):
        return Forward(
            f"tensor.{call.name}", _LEVEL_PARAMS.get(f"tensor.{call.name}", (first,))[:1], (first,), rest
        )
    if cls == "Tile":
        return Forward(
            f"tile.{call.name}", _LEVEL_PARAMS.get(f"tile.{call.name}", (first,))[:1], (first,), rest
        )
    raise _expected(call.name, cls)  # type: ignore[arg-type]


def _passthrough(call: OpCall, c: dict[str, str | None]) -> Forward | None:
    """Ops of other families dispatched on the first operand (reshape, slice, read, ...):
    the same arguments under the same names."""
    first = call.param(0)
    assert first is not None
    cls = c[first]
    if _is_tensor(cls):
        level = "tensor"
    elif cls == "Tile":
        level = "tile"
        if call.name == "slice" and _flag(call, "clamp"):
            raise OpError(
                "pl.slice: clamp=True is not supported for a Tile. An on-chip window has no clamping mechanism, "
                "so offset + shape must stay inside the source tile. Clamp the read at the tensor boundary "
                "instead — pl.load(..., clamp=True) or pl.slice(tensor, ..., clamp=True) — and slice the "
                "resulting tile in bounds."
            )
    else:
        raise _expected(call.name, cls)  # type: ignore[arg-type]
    return Forward(f"{level}.{call.name}", tuple(call.params), tuple(call.params))


def _rsqrt(call: OpCall, c: dict[str, str | None]) -> Forward | None:
    cls = c["input"]
    if _is_tensor(cls):
        return _to(
            "tensor.rsqrt", "input", keywords=("high_precision",) if call.has("high_precision") else ()
        )
    if cls == "Tile":
        if _flag(call, "high_precision"):
            raise OpError(f"pl.rsqrt: 'high_precision' is not supported for Tile operands. {_RSQRT_REMEDY}")
        return _to("tile.rsqrt", "input")
    raise _expected("rsqrt", cls)  # type: ignore[arg-type]


def _reduction(requirement: str | None) -> Dispatch:
    """row_* / *_argmax / *_argmin: a Tensor refuses `tmp_tile`, a Tile requires it."""

    def dispatch(call: OpCall, c: dict[str, str | None]) -> Forward | None:
        name, cls = call.name, c["input"]
        if _is_tensor(cls):
            _reject_tmp_for_tensor(name, c, "tmp_tile")
            return _to(f"tensor.{name}", "input")
        if cls == "Tile":
            if requirement is not None:
                _require_tmp_for_tile(name, c, "tmp_tile", requirement)
            if c.get("tmp_tile") == "NoneType":
                return _to(f"tile.{name}", "input")
            return _to(f"tile.{name}", "input", "tmp_tile")
        if name == "col_sum":
            raise _dispatch_error(name, [cls])  # type: ignore[list-item]
        raise _expected(name, cls)  # type: ignore[arg-type]

    return dispatch


def _col_one(call: OpCall, c: dict[str, str | None]) -> Forward | None:
    cls = c["input"]
    if _is_tensor(cls):
        return _to(f"tensor.{call.name}", "input")
    if cls == "Tile":
        return _to(f"tile.{call.name}", "input")
    raise _dispatch_error(call.name, [cls])  # type: ignore[list-item]


def _expands(call: OpCall, c: dict[str, str | None]) -> Forward | None:
    cls = c["target"]
    if _is_tensor(cls):
        return _to("tensor.expands", "target", "scalar")
    if cls == "Tile":
        return _to("tile.expands", "target", "scalar")
    raise _expected("expands", cls)  # type: ignore[arg-type]


def _cast(call: OpCall, c: dict[str, str | None]) -> Forward | None:
    cls = c["input"]
    passed = tuple(p for p in ("input", "target_type", "mode") if call.has(p))
    if _is_tensor(cls):
        return _to("tensor.cast", *passed)
    if cls == "Tile":
        return _to("tile.cast", *passed)
    if cls in _SCALAR_LIKE:
        mode = resolve_cast_mode(call, "mode")
        if mode is not None and mode != "round":
            written = call.evaluate(call.nodes["mode"])
            raise OpError(f"pl.cast: Scalar inputs do not support non-default mode, got mode={written!r}")
        return None  # a scalar cast: typed by `scalar_cast`
    raise OpError(f"pl.cast: expected Tensor, Tile, or Scalar, got {cls}")


_DISPATCH: dict[str, Dispatch] = {
    **dict.fromkeys(("add", "sub", "mul", "div"), _arith(True, True, frozenset({"int", "bool", "float", "Scalar", *_EXPR}))),
    **dict.fromkeys(("fmod", "maximum", "minimum", "cmp"), _arith(True, False, frozenset({"int", "bool", "float", "Scalar", *_EXPR}))),
    **dict.fromkeys(("and_", "or_", "shl", "shr"), _arith(True, False, frozenset({"int", "bool", "Scalar", *_EXPR}))),
    **dict.fromkeys(("fmods", "ands", "ors", "shls", "shrs"), _level_first()),
    **dict.fromkeys(("xor", "xors"), _xor),
    **dict.fromkeys(
        ("part_add", "part_mul", "part_max", "part_min", "row_expand", "row_expand_sub", "row_expand_div",
         "row_expand_mul", "row_expand_max", "row_expand_min", "row_expand_expdif", "col_expand",
         "col_expand_mul", "col_expand_div", "col_expand_sub", "col_expand_add", "col_expand_max",
         "col_expand_min", "col_expand_expdif"),
        _pair,
    ),
    "row_expand_add": _row_expand_add,
    **dict.fromkeys(("exp", "log", "sin", "cos", "neg", "abs", "recip", "sqrt", "not_"), _unary),
    "rsqrt": _rsqrt,
    **dict.fromkeys(("row_max", "row_sum", "row_min", "row_prod"), _reduction(_ROW_TMP)),
    **dict.fromkeys(("row_argmax", "row_argmin"), _reduction(_ROW_ARG_TMP)),
    **dict.fromkeys(("col_argmax", "col_argmin"), _reduction(_COL_ARG_TMP)),
    "col_sum": _reduction(None),
    **dict.fromkeys(("col_max", "col_min", "col_prod"), _col_one),
    "expands": _expands,
    "cast": _cast,
}  # fmt: skip

# Ops of other families: dispatched here by their first operand, typed by their own rules.
_FIRST_OPERAND_OTHERS = frozenset(
    {"reshape", "transpose", "slice", "set_validshape", "scatter_update", "reinterpret_view", "fillpad",
     "fillpad_expand", "read", "write", "mrgsort"}
)  # fmt: skip
_PAIRED_OTHERS = {"concat": ("src0", "src1"), "assemble": ("target", "source"), "sort32": ("src", "idx"),
                  "matmul": ("lhs", "rhs"), "batch_matmul": ("lhs", "rhs")}  # fmt: skip


def _other_pair(call: OpCall, c: dict[str, str | None]) -> Forward | None:
    first, second = _PAIRED_OTHERS[call.name]
    a, b = c.get(first), c.get(second)
    if _is_tensor(a) and _is_tensor(b) and call.name != "batch_matmul":
        return Forward(f"tensor.{call.name}", tuple(call.params), tuple(call.params))
    if a == "Tile" and b == "Tile":
        return Forward(f"tile.{call.name}", tuple(call.params), tuple(call.params))
    raise _dispatch_error(call.name, [a, b])  # type: ignore[list-item]


for _name in _FIRST_OPERAND_OTHERS:
    _DISPATCH[_name] = _passthrough
for _name in _PAIRED_OTHERS:
    _DISPATCH[_name] = _other_pair


@wrapper(*(f"unified.{name}" for name in _DISPATCH))
def dispatch(call: OpCall) -> IRType | None:
    """Resolve the level op, then type the call by its rule (None when either is unknown)."""
    forward = resolve(call)
    if forward is None:
        return scalar_cast(call) if call.name == "cast" else scalar_arithmetic_type(call)
    rule = rule_for(forward.op)
    return rule(forwarded(call, forward)) if rule is not None else None


def scalar_cast(call: OpCall) -> IRType | None:
    """`pl.cast(scalar, dtype)`: `ir.cast(scalar, dtype)`, a scalar of the target dtype
    (printed `pl.cast(s, pl.INT32)`)."""
    source = call.expr("input")
    target = call.dtype("target_type")
    if source is None or target is None or py_class(call, "input") not in _SCALAR_LIKE:
        return None
    target_expr = call.expr("target_type")
    if target_expr is not None and "target_type" not in call.keywords:
        build(call, "pl.cast", [source, target_expr])
    return ScalarType(target)


def _literal_class(call: OpCall, param: str) -> str | None:
    """The class of an operand the parser hands the wrapper as a Python value rather than
    an IR one: a list literal (`list`), a dtype (`DataType`); None otherwise."""
    node = call.nodes.get(param)
    if isinstance(node, ast.List):
        return "list"
    if node is not None and isinstance(call.evaluate(node), DType):
        return "DataType"
    return None


def resolve(call: OpCall) -> Forward | None:
    """The level wrapper a `pl.<name>` call reaches and what it passes it, or None when
    an operand's class is not known. Raises OpError with the unified wrapper's own
    message when it refuses the operands."""
    classes = {param: py_class(call, param) or _literal_class(call, param) for param in call.params}
    dispatcher = _DISPATCH[call.name]
    needed = [p for p in _deciding(call) if p in classes]
    if any(classes[p] is None for p in needed):
        return None
    return dispatcher(call, classes)


def _deciding(call: OpCall) -> tuple[str, ...]:
    """The parameters whose classes decide the dispatch (their classes must be known)."""
    if call.name in _PAIRED_OTHERS:
        return _PAIRED_OTHERS[call.name]
    if call.name in ("row_expand_add",):
        return ("lhs", "rhs")
    params = tuple(call.params)
    if call.name in _DISPATCH and _DISPATCH[call.name] in (_pair,):
        return params[:2]
    if call.name in ("xor", "xors"):
        return ("lhs", "rhs", "tmp")
    if call.name in ("row_max", "row_sum", "row_min", "row_prod", "row_argmax", "row_argmin", "col_argmax",
                     "col_argmin", "col_sum"):  # fmt: skip
        return ("input", "tmp_tile")
    if len(params) >= 2 and params[:2] == ("lhs", "rhs"):
        return params[:2]
    return params[:1]


def forwarded(call: OpCall, forward: Forward) -> OpCall:
    """The level wrapper's call: its parameter names, the unified call's arguments."""
    params = list(forward.params)
    nodes = {}
    values = {}
    for level_param, unified_param in zip(forward.params, forward.positional):
        if call.has(unified_param):
            nodes[level_param] = call.nodes[unified_param]
            values[level_param] = call.values.get(unified_param)
    for keyword in forward.keywords:
        if call.has(keyword):
            if keyword not in params:
                params.append(keyword)
            nodes[keyword] = call.nodes[keyword]
            values[keyword] = call.values.get(keyword)
    # A `*args, **kwargs` wrapper's extra arguments (bound under their own names) go along.
    for extra in (name for name in call.nodes if name not in call.params and name not in nodes):
        nodes[extra] = call.nodes[extra]
        values[extra] = call.values.get(extra)
    keywords = frozenset(
        level
        for level, unified in (*zip(forward.params, forward.positional), *((k, k) for k in forward.keywords))
        if unified in call.keywords
    )
    return OpCall(forward.op, tuple(params), nodes, values, call.evaluate, keywords, call.built)
