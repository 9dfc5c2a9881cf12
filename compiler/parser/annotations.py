"""Type annotations -> IR types and parameter directions (`TypeResolver`'s grammar).

The real resolver checks the head name only (`pl.Tensor`, `Tensor`, `lang.Tensor`
all work), so we do too. An annotation we do not understand is `UnknownType`.
"""

from __future__ import annotations

import ast
from typing import Any

from compiler.ir import (
    Direction,
    IRType,
    ScalarType,
    TaskIdType,
    TensorType,
    TileType,
    TupleType,
    UnknownType,
)
from compiler.ir.types import UNKNOWN_VIEW
from compiler.syntax.values import DTYPE_NAMES, UNKNOWN, DType, DynVar, StaticEvaluator

_MEMORY_SPACES = frozenset(
    ["DDR", "Vec", "Mat", "Left", "Right", "Acc", "Bias", "LeftScale", "RightScale", "ScalarLocal"]
)
_LAYOUTS = frozenset(["ND", "DN", "NZ", "MX_A_ZZ", "MX_B_NN"])
# Longer lists than folding takes (`_MAX_FOLDED_SEQUENCE`) go the general way.
_MAX_FAST_DIMS = 10_000


class AnnotationResolver:
    def __init__(self, evaluator: StaticEvaluator) -> None:
        self._evaluator = evaluator

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
            # A layout alone is a view with no valid shape of its own; anything else
            # there (a `pl.TensorView(...)`, a memref) is a view we do not read.
            view = None if _only_heads_in(args, _LAYOUTS) else UNKNOWN_VIEW
            return TensorType(shape, dtype, layout, distributed=head == "DistributedTensor", view=view)
        if head == "Tile":
            shape = self.shape(args[0]) if args else None
            dtype = self.dtype(args[1]) if len(args) > 1 else None
            memory = _first_head_in(args, _MEMORY_SPACES)
            # No view written: the implicit one (the whole shape valid).
            view = None if _only_heads_in(args, _MEMORY_SPACES) else UNKNOWN_VIEW
            return TileType(shape, dtype, memory, view=view)
        if head == "Scalar":
            dtype = self.dtype(args[0]) if args else None
            return TaskIdType() if dtype == "TASK_ID" else ScalarType(dtype)
        if head in ("Tuple", "tuple"):
            return TupleType(tuple(self.resolve(arg) for arg in args))
        return UnknownType()

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
            dims.append(value if value.__class__ is int else _dim(value, element))
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


def _only_heads_in(args: list[ast.expr], names: frozenset[str]) -> bool:
    """Whether every argument after shape and dtype is a head name in `names`."""
    return all(_head_name(arg) in names for arg in args[2:])


def _elements(node: ast.expr, count: int) -> list[ast.expr | None]:
    if isinstance(node, (ast.List, ast.Tuple)) and len(node.elts) == count:
        return list(node.elts)
    return [None] * count


def _dim(value: Any, node: ast.expr | None) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
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
