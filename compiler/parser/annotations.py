"""Type annotations -> IR types and parameter directions (`TypeResolver`'s grammar).

The real resolver checks the head name only (`pl.Tensor`, `Tensor`, `lang.Tensor`
all work), so we do too. An annotation we do not understand is `UnknownType`.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from compiler.ir import (
    ArrayType,
    Direction,
    IRType,
    ScalarType,
    TaskIdType,
    TensorType,
    TileType,
    TupleType,
    UnknownType,
    Var,
)
from compiler.ir.types import UNKNOWN_VIEW, TensorView, TileView, UnknownView
from compiler.ir.views import canonical_tile_view, implicit_tile_layout
from compiler.parser.errors import fits_int64
from compiler.syntax.values import DTYPE_NAMES, UNKNOWN, DType, DynVar, EnumMember, StaticEvaluator

_MEMORY_SPACES = frozenset(
    ["DDR", "Vec", "Mat", "Left", "Right", "Acc", "Bias", "LeftScale", "RightScale", "ScalarLocal"]
)
_LAYOUTS = frozenset(["ND", "DN", "NZ", "MX_A_ZZ", "MX_B_NN"])
# Longer lists than folding takes (`_MAX_FOLDED_SEQUENCE`) go the general way.
_MAX_FAST_DIMS = 10_000


class AnnotationResolver:
    def __init__(
        self, evaluator: StaticEvaluator, lookup_var: Callable[[str], Var | None] | None = None
    ) -> None:
        self._evaluator = evaluator
        # The function's variables, which a local's view may name (`valid_shape=[16, n]`).
        self._lookup_var = lookup_var

    def resolve_param(self, annotation: ast.expr | None) -> tuple[IRType, Direction]:
        if annotation is None:
            return UnknownType(), Direction.IN
        if isinstance(annotation, ast.Subscript):
            head = _head_name(annotation.value)
            if head in ("Out", "InOut"):
                inner, _ = self.resolve_param(annotation.slice)
                return inner, Direction.OUT if head == "Out" else Direction.INOUT
        return self.resolve(annotation), Direction.IN

    def resolve(self, annotation: ast.expr | None) -> IRType:
        if annotation is None:
            return UnknownType()
        if isinstance(annotation, ast.Subscript):
            return self._subscripted(_head_name(annotation.value), annotation.slice)
        head = _head_name(annotation)
        if head in ("Tensor", "DistributedTensor"):  # bare `pl.Tensor`: legal in @pl.jit only
            return TensorType(None, None, distributed=head == "DistributedTensor")
        if head == "TaskId":
            return TaskIdType()
        value = self._evaluator.eval(annotation)
        if isinstance(value, DType):  # bare dtype (`n: pl.INDEX`), rewritten to a Scalar by @pl.jit
            return TaskIdType() if value.name == "TASK_ID" else ScalarType(value.name)
        return UnknownType()

    def _subscripted(self, head: str | None, index: ast.expr) -> IRType:
        args = list(index.elts) if isinstance(index, ast.Tuple) else [index]
        if head in ("Tensor", "DistributedTensor"):
            shape = self.shape(args[0]) if args else None
            dtype = self.dtype(args[1]) if len(args) > 1 else None
            layout = _first_head_in(args, _LAYOUTS)
            view: TensorView | UnknownView | None = None
            for arg in args[2:]:
                if _head_name(arg) in _LAYOUTS:
                    continue  # a layout alone: a view with no valid shape of its own
                if _call_name(arg) == "TensorView":
                    view, layout = self._tensor_view(arg)
                else:
                    view = UNKNOWN_VIEW  # a memref, a view held in a variable: not read here
            return TensorType(shape, dtype, layout, distributed=head == "DistributedTensor", view=view)
        if head == "Tile":
            shape = self.shape(args[0]) if args else None
            dtype = self.dtype(args[1]) if len(args) > 1 else None
            memory = _first_head_in(args, _MEMORY_SPACES)
            # No view written: the implicit one (the whole shape valid).
            tile_view: TileView | UnknownView | None = None
            for arg in args[2:]:
                if _head_name(arg) in _MEMORY_SPACES or _call_name(arg) == "MemRef":
                    continue
                if _call_name(arg) == "TileView" and isinstance(arg, ast.Call):
                    tile_view = self._tile_view(arg, shape, memory)
                else:
                    tile_view = UNKNOWN_VIEW
            return TileType(shape, dtype, memory, view=tile_view)
        if head == "Scalar":
            dtype = self.dtype(args[0]) if args else None
            return TaskIdType() if dtype == "TASK_ID" else ScalarType(dtype)
        if head in ("Tuple", "tuple"):
            return TupleType(tuple(self.resolve(arg) for arg in args))
        if head == "Array" and len(args) == 2:
            extent = self._evaluator.eval(args[0])
            dtype = self.dtype(args[1])
            if type(extent) is int and dtype is not None:
                return ArrayType(extent, dtype)
        return UnknownType()

    def _tile_view(
        self, node: ast.Call, shape: tuple[Any, ...] | None, memory: str | None
    ) -> TileView | UnknownView | None:
        """`pl.TileView(...)` (`_resolve_tileview`): the fields written, the others the
        implicit ones of the tile's shape and memory space; canonical (None when it says
        no more than no view). Unknown when a field is not read here."""
        if node.args or shape is None:
            return UNKNOWN_VIEW
        fields: dict[str, Any] = {}
        for keyword in node.keywords:
            value = self._view_field(keyword.arg, keyword.value)
            if value is UNKNOWN:
                return UNKNOWN_VIEW
            fields[keyword.arg or ""] = value
        blayout, slayout, fractal = implicit_tile_layout(shape, memory)
        view = TileView(
            valid_shape=fields.get("valid_shape", tuple(shape)),
            stride=fields.get("stride", ()),
            start_offset=fields.get("start_offset"),
            blayout=fields.get("blayout", blayout),
            slayout=fields.get("slayout", slayout),
            fractal=fields.get("fractal", fractal),
            pad=fields.get("pad", "null"),
            compact=fields.get("compact", "null"),
        )
        return canonical_tile_view(view, shape, memory)

    def _tensor_view(self, node: ast.expr) -> tuple[TensorView | UnknownView | None, str | None]:
        """`pl.TensorView(...)` (`_resolve_tensorview`): the view and its layout."""
        if not isinstance(node, ast.Call) or node.args:
            return UNKNOWN_VIEW, None
        fields: dict[str, Any] = {}
        for keyword in node.keywords:
            value = self._view_field(keyword.arg, keyword.value)
            if value is UNKNOWN:
                return UNKNOWN_VIEW, None
            fields[keyword.arg or ""] = value
        layout = fields.get("layout", "ND")
        view = TensorView(
            valid_shape=fields.get("valid_shape", ()),
            stride=fields.get("stride", ()),
            pad=fields.get("pad", "null"),
        )
        return (view if view != TensorView() else None), (None if layout == "ND" else layout)

    def _view_field(self, name: str | None, node: ast.expr) -> Any:
        """A view keyword's value as our types hold it; UNKNOWN when not read here."""
        if name in ("valid_shape", "stride"):
            if not isinstance(node, ast.List):
                return UNKNOWN
            dims = [self._view_dim(element) for element in node.elts]
            return UNKNOWN if any(dim is UNKNOWN for dim in dims) else tuple(dims)
        if name == "start_offset":
            return self._view_dim(node)
        if name == "fractal":
            value = self._evaluator.eval(node)
            return value if isinstance(value, int) and not isinstance(value, bool) else UNKNOWN
        enums = {
            "blayout": "TileLayout",
            "slayout": "TileLayout",
            "pad": "PadValue",
            "compact": "CompactMode",
        }
        enums["layout"] = "TensorLayout"
        value = self._evaluator.eval(node)
        if name in enums and isinstance(value, EnumMember) and value.enum == enums[name]:
            return value.member
        return UNKNOWN

    def _view_dim(self, node: ast.expr) -> Any:
        """A view dim: an int, a `pl.dynamic` symbol, or a variable of the function."""
        if isinstance(node, ast.Name) and self._lookup_var is not None:
            var = self._lookup_var(node.id)
            if var is not None:
                return var
        value = self._evaluator.eval(node)
        if isinstance(value, int) and not isinstance(value, bool) and fits_int64(value):
            return value
        if isinstance(value, DynVar):
            return value.name
        return UNKNOWN

    def shape(self, node: ast.expr) -> tuple[Any, ...] | None:
        cls = node.__class__
        if (cls is ast.List or cls is ast.Tuple) and len(node.elts) <= _MAX_FAST_DIMS:  # type: ignore[attr-defined]
            dims = self._plain_dims(node.elts)  # type: ignore[attr-defined]
            if dims is not None:
                return dims
        value = self._evaluator.eval(node)
        if isinstance(value, (list, tuple)):
            return tuple([_dim(item, element) for item, element in zip(value, _elements(node, len(value)))])
        if isinstance(node, (ast.List, ast.Tuple)):
            return tuple(_dim(UNKNOWN, element) for element in node.elts)
        return None

    def _plain_dims(self, elts: list[ast.expr]) -> tuple[Any, ...] | None:
        """`shape` of a list of names and constants (the usual `[ROWS, 128]`), without
        folding the list: each element is what folding it gives (a name its value, a
        constant itself; a non-plain constant is no dim either way). None when an
        element is anything else."""
        lookup = self._evaluator.lookup
        dims = []
        for element in elts:
            cls = element.__class__
            if cls is ast.Name:
                value = lookup(element.id)  # type: ignore[attr-defined]
            elif cls is ast.Constant:
                value = element.value  # type: ignore[attr-defined]
            else:
                return None
            dims.append(value if value.__class__ is int and fits_int64(value) else _dim(value, element))
        return tuple(dims)

    def dtype(self, node: ast.expr) -> str | None:
        name = self._evaluator.dtype_name(node)
        if name is not None:
            return name
        # `FP32` imported by name; an unknown name (`pl.FP33`) is no dtype at all.
        head = _head_name(node)
        return head if head in DTYPE_NAMES else None


def _first_head_in(args: list[ast.expr], names: frozenset[str]) -> str | None:
    """The first head name among the arguments after shape and dtype that is in `names`."""
    for arg in args[2:]:
        name = _head_name(arg)
        if name in names:
            return name
    return None


def _call_name(node: ast.expr) -> str | None:
    """`TileView` of `pl.TileView(...)`."""
    return _head_name(node.func) if isinstance(node, ast.Call) else None


def _elements(node: ast.expr, count: int) -> list[ast.expr | None]:
    if isinstance(node, (ast.List, ast.Tuple)) and len(node.elts) == count:
        return list(node.elts)
    return [None] * count


def _dim(value: Any, node: ast.expr | None) -> Any:
    """A dim: an int, a `pl.dynamic` symbol's name, or the source (past 64 bits too: the
    real IR cannot hold it, `annotation_checks` reports it; never a number to compute with)."""
    if isinstance(value, int) and not isinstance(value, bool) and fits_int64(value):
        return value
    if isinstance(value, DynVar):
        return value.name
    return ast.unparse(node) if node is not None else "?"


def _head_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None
