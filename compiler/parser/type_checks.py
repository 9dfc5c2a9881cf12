"""Type rules the real parser applies inside a DSL body, on types we know.

- an annotated local must agree with its value (`validate_annotation_consistency`);
- a name keeps the type of its first binding (`_assign_or_let`, issue #642);
- only a tuple can be unpacked (`TupleGetItemExpr`'s constructor check);
- subscripts need a Tuple/Tensor/Tile/Array, and at most one index per axis;
- `dst[...] = src` needs a source of the destination's kind;
- an op keyword `k=pl.<NAME>` is evaluated in Python: `pl` must have `<NAME>`.

Every check runs only when both sides are known: an unknown type, dtype or
dimension is never a reason to report. Symbolic dimensions never differ.
"""

from __future__ import annotations

import ast
import re

from compiler.ir import (
    Call,
    Const,
    Expr,
    IRType,
    ScalarType,
    TensorType,
    TileType,
    TupleType,
    UnknownType,
    Var,
)
from compiler.ir.types import UNKNOWN_VIEW
from compiler.parser import op_catalog
from compiler.parser.annotation_checks import IsUnbound, check_dtype_node
from compiler.parser.errors import FrontEndError, type_error
from compiler.syntax.values import ModuleRef, StaticEvaluator

# `DataType::ToString`: what the real messages print for a dtype.
_DTYPE_TEXT = {"BF16": "bfloat16"}

# The kind names `validate_annotation_consistency` prints.
_KIND_NAMES = {TensorType: "Tensor", TileType: "Tile", ScalarType: "Scalar", TupleType: "TupleType"}

_REBIND_HINT = "Use a different variable name for tensors with different shapes or dtypes"

# `pl.<X>` an op keyword may name: an upper-case name `pypto.language` lacks is
# certainly a Python AttributeError (other names may be submodules we do not list).
_UPPER_NAME = re.compile(r"[A-Z][A-Z0-9_]*")

# `pl.<name>` calls parsed by their own paths, not by op dispatch.
_SPECIAL_PL = frozenset(
    ["const", "yield_", "static_assert", "static_print", "dump_tag", "func_attr", "cond", "submit",
     "spmd_submit", "aiv_shard", "aic_gather", "range", "parallel", "unroll", "pipeline", "while_",
     "at", "spmd", "cluster", "split_aiv", "set_cache_policy"]
)  # fmt: skip

# Ops whose result an annotation may flatten from ND to 2D (`_normalize_inferred_type_for_annotation`).
_FLATTENABLE_OPS = frozenset(["tile.load", "tile.create", "tile.create_tile"])


def dtype_text(name: str) -> str:
    return _DTYPE_TEXT.get(name, name.lower())


def _kind(ir_type: IRType) -> type[IRType] | None:
    """The kind class the real one compares (`TaskIdType` is a `ScalarType` there)."""
    for kind in (TensorType, TileType, ScalarType, TupleType):
        if isinstance(ir_type, kind):
            return kind
    return None


def _static(dim: object) -> int | None:
    return dim if isinstance(dim, int) and not isinstance(dim, bool) else None


def _printed(ir_type: IRType) -> str | None:
    """`python_print_type`. (Imported here: the printer package imports the parser's users.)"""
    from compiler.printer.types import format_type

    return format_type(ir_type)


def _hint(inferred: IRType) -> str | None:
    printed = _printed(inferred)
    return f"Change annotation to: {printed}" if printed else None


# ----------------------------------------------------------- annotations


def check_annotation(annotated: IRType, value: Expr, var_name: str, stmt: ast.stmt) -> None:
    """`validate_annotation_consistency(annotation, inferred, name, span of the statement)`."""
    inferred = value.type
    if isinstance(inferred, UnknownType) or isinstance(annotated, UnknownType):
        return
    ann_kind, inf_kind = _kind(annotated), _kind(inferred)
    if ann_kind is None or inf_kind is None:
        return
    if ann_kind is not inf_kind:
        if TupleType in (ann_kind, inf_kind):
            return  # printed as class names we have not confirmed: stay silent
        raise type_error(
            f"Type annotation for '{var_name}' is {_KIND_NAMES[ann_kind]} "
            f"but expression has type {_KIND_NAMES[inf_kind]}",
            stmt,
            _hint(inferred),
        )
    # A scalar's dtype is modelled faithfully for literals, variables and array elements only.
    scalar_known = (
        not isinstance(annotated, ScalarType)
        or isinstance(value, (Const, Var))
        or (isinstance(value, Call) and value.op == "array.get_element")
    )
    if isinstance(annotated, (TensorType, TileType, ScalarType)) and scalar_known:
        _check_dtype(annotated.dtype, getattr(inferred, "dtype", None), var_name, inferred, stmt)
    if not (isinstance(annotated, (TensorType, TileType)) and isinstance(inferred, (TensorType, TileType))):
        return
    if annotated.shape is None or inferred.shape is None:
        return
    if _flattened(annotated, value):
        return
    if len(annotated.shape) != len(inferred.shape):
        raise type_error(
            f"Type annotation for '{var_name}' has rank {len(annotated.shape)} "
            f"but expression has rank {len(inferred.shape)}",
            stmt,
            _hint(inferred),
        )
    for position, (ann_dim, inf_dim) in enumerate(zip(annotated.shape, inferred.shape)):
        ann_value, inf_value = _static(ann_dim), _static(inf_dim)
        if ann_value is not None and inf_value is not None and ann_value != inf_value:
            raise type_error(
                f"Type annotation for '{var_name}' has shape dimension {position} = {ann_value} "
                f"but expression has shape dimension {position} = {inf_value}",
                stmt,
                _hint(inferred),
            )


def _check_dtype(ann: str | None, inf: str | None, var_name: str, inferred: IRType, stmt: ast.stmt) -> None:
    if ann is None or inf is None or _dtypes_compatible(ann, inf):
        return
    raise type_error(
        f"Type annotation for '{var_name}' has dtype {dtype_text(ann)} but expression has dtype {dtype_text(inf)}",
        stmt,
        _hint(inferred),
    )


def _dtypes_compatible(ann: str, inf: str) -> bool:
    """INDEX goes with any integer dtype, both ways."""
    if ann == inf:
        return True
    return (ann == "INDEX" and _is_int(inf)) or (inf == "INDEX" and _is_int(ann))


def _is_int(dtype: str) -> bool:
    return dtype.startswith(("INT", "UINT"))


def _flattened(annotated: IRType, value: Expr) -> bool:
    """A 2D tile annotation over an ND `tile.load`/`tile.create`: the annotation's shape wins."""
    inferred = value.type
    return (
        isinstance(annotated, TileType)
        and isinstance(inferred, TileType)
        and isinstance(value, Call)
        and value.op in _FLATTENABLE_OPS
        and annotated.shape is not None
        and inferred.shape is not None
        and len(annotated.shape) <= 2
        and len(inferred.shape) > 2
    )


# --------------------------------------------------------------- rebinding


def assigned_type(annotated: IRType, value: IRType) -> IRType:
    """The type an annotated assignment gives its name: the value's, with what the
    annotation adds (a tile annotation's fields take priority, as in the real merge)."""
    if isinstance(annotated, UnknownType):
        return value
    if isinstance(value, UnknownType):
        return annotated
    if isinstance(annotated, TileType) and isinstance(value, TileType):
        return TileType(
            annotated.shape or value.shape, annotated.dtype or value.dtype, annotated.memory or value.memory
        )
    if isinstance(annotated, TensorType) and isinstance(value, TensorType):
        return TensorType(
            value.shape or annotated.shape,
            value.dtype or annotated.dtype,
            value.layout or annotated.layout,
            value.distributed,
        )
    return value


def annotated_var_type(annotated: IRType, value: IRType) -> IRType:
    """The type an annotated local's Var gets (`parse_annotated_assignment`): the
    annotation's, but a view it does not write is the value's. A tile's annotation
    with no view takes the value's view and, without a memory space, the value's one
    too; a tensor's annotation with no view is the value's type itself (the real
    Var takes the value's type then; the annotation, validated against it, keeps the
    shape where ours is not known)."""
    if isinstance(annotated, UnknownType):
        return value
    if isinstance(annotated, TileType) and isinstance(value, TileType) and annotated.view is None:
        same_rank = (
            annotated.shape is not None
            and value.shape is not None
            and len(annotated.shape) == len(value.shape)
        )
        view = value.view if same_rank else UNKNOWN_VIEW
        return TileType(annotated.shape, annotated.dtype, annotated.memory or value.memory, view)
    if (
        isinstance(annotated, TensorType)
        and isinstance(value, TensorType)
        and annotated.view is None
        and annotated.layout is None
        and annotated.distributed == value.distributed
    ):
        return TensorType(
            _value_dims(annotated.shape, value.shape),
            annotated.dtype,
            value.layout,
            annotated.distributed,
            value.view,
        )
    return annotated


def _value_dims(annotated: tuple | None, value: tuple | None) -> tuple | None:
    """The value's dims (the real Var's), the annotation's where ours are not known."""
    if value is None or annotated is None or len(value) != len(annotated):
        return annotated
    return tuple(a if v == "?" else v for a, v in zip(annotated, value))


def check_rebind(name: str, first: IRType, new: IRType, stmt: ast.stmt) -> None:
    """`_assign_or_let`: a name reassigned must keep its type. We compare only what we
    model faithfully (kind, dtype, rank, static dims of tensors and tiles; a tile's memory
    space, and its view where both types are known in full)."""
    if not _certainly_different(first, new):
        return
    was, got = _printed(first), _printed(new)
    if was is None or got is None:
        return  # the message needs both types in full
    raise type_error(
        f"Cannot reassign '{name}' with a different type: was {was}, got {got}", stmt, _REBIND_HINT
    )


def _certainly_different(first: IRType, new: IRType) -> bool:
    first_kind, new_kind = _kind(first), _kind(new)
    if first_kind is None or new_kind is None:
        return False
    if first_kind is not new_kind:
        # Scalars' and tuples' types are modelled loosely: only Tensor vs Tile is certain, and
        # a Tensor or Tile vs the tuple of Tensors / Tiles a kernel of several results returns.
        if {first_kind, new_kind} == {TensorType, TileType}:
            return True
        tuple_type = first if isinstance(first, TupleType) else new
        return (
            isinstance(tuple_type, TupleType)
            and {first_kind, new_kind} & {TensorType, TileType} != set()
            and len(tuple_type.items) >= 2
            and all(isinstance(item, (TensorType, TileType)) for item in tuple_type.items)
        )
    if not isinstance(first, (TensorType, TileType)) or not isinstance(new, (TensorType, TileType)):
        return False
    if isinstance(first, TensorType) and isinstance(new, TensorType) and first.distributed != new.distributed:
        return False
    if first.dtype is not None and new.dtype is not None and first.dtype != new.dtype:
        return True
    if first.shape is None or new.shape is None:
        return False
    if len(first.shape) != len(new.shape):
        return True
    if any(
        a is not None and b is not None and a != b
        for a, b in ((_static(x), _static(y)) for x, y in zip(first.shape, new.shape))
    ):
        return True
    return isinstance(first, TileType) and isinstance(new, TileType) and _tile_placement_differs(first, new)


def _tile_placement_differs(first: TileType, new: TileType) -> bool:
    """Two tiles of one shape and dtype in another memory space (an Acc result replaced by
    the Vec tile a vector op makes of it), or with another view (a load with a valid shape
    of its own), where both types are known in full: their printed forms differ."""
    if first.memory is not None and new.memory is not None and first.memory != new.memory:
        return True
    if UNKNOWN_VIEW in (first.view, new.view) or first.memory is None or new.memory is None:
        return False
    was, got = _printed(first), _printed(new)
    return was is not None and got is not None and was != got


# ----------------------------------------------------------------- tuples


def check_unpackable(value_type: IRType, target: ast.Tuple, stmt: ast.stmt) -> None:
    """`a, b = value`: the real parser binds `_tuple_tmp[i]` for each target; building
    that `TupleGetItemExpr` fails in C++ when the value is not a tuple (reported by the
    decorator, on the `def` line)."""
    if not target.elts or not isinstance(target.elts[0], ast.Name):
        return  # the target check comes first
    if _kind(value_type) in (TensorType, TileType, ScalarType):
        raise FrontEndError(
            "ParserSyntaxError",
            f"TupleGetItemExpr requires tuple to have TupleType, got {value_type.ir_class_name}",
            stmt,
            "Check your function definition for errors",
            in_function=True,
        )


# ------------------------------------------------------------- subscripts


def check_subscript(value_type: IRType, index_count: int, node: ast.Subscript) -> None:
    """`parse_subscript`: the value's kind, then (tensor/tile) no more indices than axes."""
    if isinstance(value_type, ScalarType):
        raise type_error(
            f"Subscript requires Tuple, Tensor, Tile, or Array type, got {value_type.ir_class_name}",
            node,
            "Subscript syntax is supported for Tuple, Tensor, Tile, and Array types",
        )
    if not isinstance(value_type, (TensorType, TileType)) or value_type.shape is None:
        return
    rank = len(value_type.shape)
    if index_count <= rank:
        return
    what = "tensor" if isinstance(value_type, TensorType) else "tile"
    raise type_error(
        f"{what.capitalize()} subscript has {index_count} indices but the {what} is {rank}D",
        node,
        f"Provide at most {rank} indices for a {rank}D {what}",
    )


def check_tuple_index(node: ast.Subscript) -> None:
    """`t[i]` of a tuple (`_parse_tuple_subscript`): `i` an integer literal, as written."""
    index = node.slice
    if not isinstance(index, ast.Constant):
        raise FrontEndError(
            "UnsupportedFeatureError",
            "Only constant integer indices supported for tuple access",
            node,
            "Use a constant integer index like tuple[0]",
        )
    if not isinstance(index.value, int):
        raise FrontEndError(
            "ParserSyntaxError", "Tuple index must be an integer", node, "Use integer index like tuple[0]"
        )


def check_subscript_write_target(base_type: IRType, target: ast.Subscript) -> None:
    """`dst[...] = src`: dst a Tensor, Tile or Array (judged before the source is read)."""
    if isinstance(base_type, ScalarType):
        raise type_error(
            f"Subscript-write requires a Tensor, Tile, or Array target, got {base_type.ir_class_name}",
            target,
            "Subscript-write 'dst[...] = src' is only supported for Tensor, Tile, and Array",
        )


def check_subscript_write(base_type: IRType, source_type: IRType, target: ast.Subscript) -> None:
    """`dst[...] = src`: src of dst's kind."""
    if not isinstance(base_type, (TensorType, TileType)):
        return
    kind = TensorType if isinstance(base_type, TensorType) else TileType
    if _kind(source_type) is None or isinstance(source_type, kind):
        return
    kind_name = "tensor" if kind is TensorType else "tile"
    raise type_error(
        f"Subscript-write source must also be a {kind_name}, got {source_type.ir_class_name}",
        target,
        f"The rhs of 'dst[...] = src' must be a {kind_name} of matching shape",
    )


# ------------------------------------------------------------ op keywords


def check_op_keywords(
    namespace: str | None, name: str, call: ast.Call, evaluator: StaticEvaluator, is_unbound: IsUnbound
) -> None:
    """`_parse_op_kwargs` of an existing op, in keyword order: `dtype=` goes through
    `resolve_dtype`; an attribute value that is no dtype is evaluated in Python."""
    if not op_catalog.is_attribute(namespace, name) or (namespace is None and name in _SPECIAL_PL):
        return  # an unknown op is reported first; special forms read their keywords otherwise
    for keyword in call.keywords:
        value = keyword.value
        if keyword.arg in (None, "attrs", "cache"):  # `cache=`: the project's own load keyword
            continue
        if keyword.arg == "dtype":
            check_dtype_node(value, evaluator, is_unbound)
        elif isinstance(value, ast.Attribute) and _missing_pl_attribute(value, evaluator):
            raise type_error(
                f"Failed to evaluate expression '{ast.unparse(value)}': "
                f"module 'pypto.language' has no attribute '{value.attr}'",
                value,
            )


def _missing_pl_attribute(node: ast.Attribute, evaluator: StaticEvaluator) -> bool:
    """`pl.<UPPER>` that `pypto.language` does not define (e.g. `pl.FP64`)."""
    base = evaluator.eval(node.value)
    return (
        isinstance(node.value, ast.Name)
        and base == ModuleRef("pypto.language")
        and _UPPER_NAME.fullmatch(node.attr) is not None
        and not op_catalog.is_attribute(None, node.attr)
    )
