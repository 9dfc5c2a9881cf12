"""The real `TypeResolver`'s rejections of a local variable's annotation (`x: T = value`).

Python never evaluates the annotation of a local variable, so a mistake in one
reaches the DSL parser, whose type resolver rejects it with a `ParserTypeError`
(a parameter's annotation is evaluated by Python first: its errors are not
these). The checks follow the resolver's order: the head name, the number of
subscript arguments, the shape, then the dtype. Whatever depends on a value
we cannot see (a closure object, a name we cannot prove unbound) is passed
over silently.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from compiler.parser.errors import FrontEndError, fits_int64, past_int64, type_error
from compiler.syntax.values import UNKNOWN, DType, DynVar, StaticEvaluator

# `TypeResolver._DTYPE_MAP`, in its order (the hint lists them so).
DTYPE_ORDER = (
    "FP4", "FP8E4M3FN", "FP8E5M2", "FP8E8M0", "FP16", "FP32", "BF16", "HF4", "HF8",
    "INT4", "INT8", "INT16", "INT32", "INT64", "UINT4", "UINT8", "UINT16", "UINT32",
    "UINT64", "BOOL", "INDEX", "TASK_ID",
)  # fmt: skip
_DTYPES = frozenset(DTYPE_ORDER)

UNKNOWN_DTYPE_HINT = f"Use a valid dtype like pl.FP32, pl.INT32, etc. Available: {', '.join(DTYPE_ORDER)}"
_TYPE_HINT = "Use pl.Tensor[[shape], dtype], pl.Tile[[shape], dtype], or pl.Scalar[dtype]"
_SHAPE_HINT = "Use a list like [64, 128] or a variable holding a list"
_SHAPE_DIM_HINT = "Use an integer, pl.dynamic() variable, or a Scalar variable defined earlier"

# Annotation heads `_get_type_name` recognises.
_TYPE_NAMES = frozenset(["Tensor", "Tile", "Scalar", "Array", "Tuple", "DistributedTensor"])
# Singleton marker annotations (no subscript), under any module prefix.
_MARKERS = frozenset(
    [
        "PrefetchAsyncContextType", "PrefetchAsyncContext", "AsyncEventType", "AsyncEvent",
        "AsyncSessionType", "AsyncSession", "CommCtxType", "CommCtx",
    ]
)  # fmt: skip
# `pl.<X>` / `pld.<X>` annotations the annotated-assignment parser does not resolve at all.
_SKIPPED = {
    "pl": frozenset(["UnknownType", "MemRefType", "Ptr"]),
    "pld": frozenset(["WindowBufferType", "CommCtxType"]),
}

# "Certainly bound to nothing here" (no DSL variable, no closure value): only then
# is a name reported as unknown.
IsUnbound = Callable[[str, ast.AST], bool]


def is_skipped_annotation(annotation: ast.expr) -> bool:
    """String forward references and the marker annotations the parser takes from the value."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return True
    return (
        isinstance(annotation, ast.Attribute)
        and isinstance(annotation.value, ast.Name)
        and annotation.attr in _SKIPPED.get(annotation.value.id, frozenset())
    )


class LocalAnnotationChecker:
    """Raises the `FrontEndError` the real resolver raises for a local annotation, if any."""

    def __init__(
        self, evaluator: StaticEvaluator, is_unbound: IsUnbound, is_dsl_var: Callable[[str], bool]
    ) -> None:
        self._evaluator = evaluator
        self._is_unbound = is_unbound
        self._is_dsl_var = is_dsl_var

    def check(self, annotation: ast.expr) -> None:
        if is_skipped_annotation(annotation):
            return
        self._type(annotation)

    def check_unskipped(self, annotation: ast.expr) -> None:
        """`check` of an annotation known not to be skipped (`is_skipped_annotation`)."""
        self._type(annotation)

    def _type(self, node: ast.expr) -> None:
        if isinstance(node, ast.Subscript):
            if isinstance(node.value, ast.Name) and node.value.id == "tuple":
                for element in _elements(node.slice):
                    self._type(element)
                return
            self._subscripted(node)
            return
        if isinstance(node, ast.Call):
            self._legacy_call(node)
            return
        if _is_marker(node):
            return
        if isinstance(node, ast.Attribute):
            raise type_error(f"Incomplete type annotation: {ast.unparse(node)}", node, _TYPE_HINT)
        raise type_error(f"Unsupported type annotation: {ast.unparse(node)}", node, _TYPE_HINT)

    def _legacy_call(self, node: ast.Call) -> None:
        """The legacy call spelling (`_resolve_call_type`): `pl.Tensor((64, 128), pl.FP16)`,
        `pl.Tile(shape, dtype)`, `pl.Scalar(dtype)`, `pl.Tuple([types])`. Another callee
        is not modelled."""
        head = _head(node.func) if isinstance(node.func, (ast.Name, ast.Attribute)) else None
        count = len(node.args)
        if head in ("Tensor", "Tile"):
            if count < 2:
                raise type_error(
                    f"{head} type requires shape and dtype arguments, got {count}",
                    node,
                    f"Use pl.{head}[[shape], dtype] format",
                )
            self.shape(node.args[0])
            self.dtype(node.args[1])
        elif head == "Scalar":
            if count < 1:
                raise type_error(
                    f"Scalar type requires dtype argument, got {count}",
                    node,
                    "Use pl.Scalar[dtype] format, e.g., pl.Scalar[pl.FP32]",
                )
            self.dtype(node.args[0])
        elif head == "Tuple" and (count != 1 or not isinstance(node.args[0], ast.List)):
            raise type_error(
                f"Tuple type requires a list of types, got: {ast.unparse(node)}",
                node,
                "Use pl.Tuple[pl.Tensor[...], pl.Tile[...], ...] format",
            )

    def _subscripted(self, node: ast.Subscript) -> None:
        head = _head(node.value) if isinstance(node.value, (ast.Name, ast.Attribute)) else None
        if head not in _TYPE_NAMES:
            raise type_error(
                f"Unknown type in subscript: {ast.unparse(node.value)}",
                node.value,
                "Use pl.Tensor for tensor types, pl.Tile for tile types, or pl.Scalar for scalar types",
            )
        index = node.slice
        if head == "Scalar":
            self.dtype(index)
            return
        if head == "Array":
            return  # extent and dtype of `pl.Array[N, dtype]`: not modelled
        if head == "Tuple":
            for element in _elements(index):
                self._type(element)
            return
        self._shaped(head, index)

    def _shaped(self, head: str, index: ast.expr) -> None:
        tensor_like = head != "Tile"
        counts = (2, 3, 4) if tensor_like else (2, 3, 4, 5)
        if not isinstance(index, ast.Tuple) or len(index.elts) not in counts:
            raise _count_error(head, index)
        self.shape(index.elts[0])
        self.dtype(index.elts[1])
        if tensor_like and len(index.elts) >= 3:
            self._tensor_view_slot(index.elts[2])
        if not tensor_like:
            _tile_trailing_args(index.elts[2:])

    def _tensor_view_slot(self, node: ast.expr) -> None:
        """Slot 3 of a Tensor annotation is a `pl.TensorView(...)`, a name bound to one, or a
        layout; an attribute that names no layout (`pl.Mem.Vec`, a Tile's memory space
        written on a Tensor) is "Unknown layout" (`resolve_layout`)."""
        if isinstance(node, ast.Attribute) and node.attr not in _LAYOUTS:
            raise _unknown_layout(node.attr, node)
        if (
            isinstance(node, ast.Name)
            and node.id not in _LAYOUTS
            and self._evaluator.eval(node) is UNKNOWN
            and not self._is_dsl_var(node.id)
            and self._is_unbound(node.id, node)
        ):
            raise _unknown_layout(node.id, node)  # a name bound nowhere: no view, no layout

    # ---------------------------------------------------------------- shape

    def shape(self, node: ast.expr) -> None:
        """`_parse_shape`: a list/tuple of dims, or a name / expression holding one."""
        if isinstance(node, (ast.Tuple, ast.List)):
            lookup = self._evaluator.lookup
            for element in node.elts:
                # What `_dim` passes at once, without its calls: an int constant, a name
                # holding an int (a bool goes the long way, and passes there too).
                cls = element.__class__
                if cls is ast.Name:
                    if (value := lookup(element.id)).__class__ is int:  # type: ignore[attr-defined]
                        _int64_dim(value, element)
                        continue
                elif cls is ast.Constant and isinstance(element.value, int):  # type: ignore[attr-defined]
                    _int64_dim(element.value, element)  # type: ignore[attr-defined]
                    continue
                self._dim(element)
            return
        if isinstance(node, ast.Name):
            value = self._evaluator.eval(node)
            if value is UNKNOWN:
                if self._is_unbound(node.id, node):
                    raise type_error(f"Unknown shape variable: {node.id}", node, _SHAPE_HINT)
                return
            self._shape_value(value, node.id, node)
            return
        value = self._evaluator.eval(node)
        if value is not UNKNOWN:
            self._shape_value(value, None, node)

    def _shape_value(self, value: object, source: str | None, node: ast.expr) -> None:
        """`source`: how the message names the shape (None: as written, unparsed only
        for an error)."""
        if not isinstance(value, (list, tuple)):
            if _python_type_name(value) is None:
                return
            raise type_error(
                f"Shape '{_source(source, node)}' must be a list or tuple, got {_python_type_name(value)}",
                node,
                _SHAPE_HINT,
            )
        for position, item in enumerate(value):
            if isinstance(item, (int, DynVar)) or item is UNKNOWN:
                _int64_dim(item, node)
                continue
            type_name = _python_type_name(item)
            if type_name is not None:
                raise type_error(
                    f"Shape '{_source(source, node)}' element {position} must be int or pl.dynamic(), "
                    f"got {type_name}",
                    node,
                )

    def _dim(self, node: ast.expr) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            _int64_dim(node.value, node)
            return
        if isinstance(node, ast.Name):
            value = self._evaluator.eval(node)
            if value is UNKNOWN:
                if not self._is_dsl_var(node.id) and self._is_unbound(node.id, node):
                    raise type_error(f"Unknown shape variable: {node.id}", node, _SHAPE_DIM_HINT)
                return
            self._dim_value(value, node.id, node)
            return
        if any(_is_const_call(sub) for sub in ast.walk(node)):
            return  # rebuilt from the source as an IR expression: not folded
        value = self._evaluator.eval(node)
        if value is not UNKNOWN:
            self._dim_value(value, None, node)

    def _dim_value(self, value: object, source: str | None, node: ast.expr) -> None:
        if isinstance(value, (int, DynVar)):
            _int64_dim(value, node)
            return
        type_name = _python_type_name(value)
        if type_name is not None:
            raise type_error(
                f"Shape variable '{_source(source, node)}' must be int or pl.dynamic(), got {type_name}", node
            )

    # ---------------------------------------------------------------- dtype

    def dtype(self, node: ast.expr) -> None:
        """`resolve_dtype`: `pl.<DTYPE>`, a bare `<DTYPE>`, or a closure name holding one."""
        check_dtype_node(node, self._evaluator, self._is_unbound)


# `TypeResolver._MEMORY_SPACE_MAP`: the spaces a Tile annotation may name.
_MEMORY_SPACES = frozenset({"DDR", "Vec", "Mat", "Left", "Right", "Acc", "Bias", "LeftScale", "RightScale"})


def _tile_trailing_args(nodes: list[ast.expr]) -> None:
    """`_resolve_tile_annotation_args`: at most one memref, one `pl.TileView(...)`, one
    memory space, in any order; a layout or anything else is refused; a memref needs a
    memory space. A name or subscript may be a MemRef variable or slot: the check stops."""
    seen: dict[str, ast.expr] = {}
    for node in nodes:
        if isinstance(node, (ast.Name, ast.Subscript)):
            return  # a declared MemRef (or not): not known here
        kind = _tile_arg_kind(node)
        if kind is None:
            if isinstance(node, ast.Attribute) and node.attr in _LAYOUTS:
                raise type_error(
                    f"Tile does not accept layouts like {ast.unparse(node)}",
                    node,
                    "Use pl.TileView(...) for tile views, or use pl.Tensor[...] for layout annotations",
                )
            raise type_error(
                f"Unsupported Tile annotation argument: {ast.unparse(node)}",
                node,
                "Use pl.TileView(...), pl.Mem.<space>, pl.MemRef(...), and/or a MemRefType variable",
            )
        if kind in seen:
            message, hint = _TILE_ARG_TWICE[kind]
            raise type_error(message, node, hint)
        seen[kind] = node
    if "memref" in seen and "memory space" not in seen:
        raise type_error(
            "Tile annotation with a memref argument must also specify explicit memory space",
            seen["memref"],
            "Use pl.Tile[[shape], dtype, pl.MemRef(base, offset, size), pl.Mem.Vec], "
            'pl.Tile[[shape], dtype, pl.MemRef("scratch"), pl.Mem.Vec], or '
            "pl.Tile[[shape], dtype, memref_var, pl.Mem.Vec]",
        )


_TILE_ARG_TWICE = {
    "memref": (
        "Tile annotation can contain at most one memref argument",
        "Remove the duplicate pl.MemRef(...) / MemRefType argument",
    ),
    "tile view": (
        "Tile annotation can contain at most one pl.TileView(...)",
        "Remove the duplicate pl.TileView(...) argument",
    ),
    "memory space": (
        "Tile annotation can contain at most one memory-space argument",
        "Remove the duplicate pl.Mem.<space> argument",
    ),
}


def _tile_arg_kind(node: ast.expr) -> str | None:
    if isinstance(node, ast.Call):
        callee = _head(node.func) if isinstance(node.func, (ast.Name, ast.Attribute)) else None
        return {"MemRef": "memref", "TileView": "tile view"}.get(callee or "")
    if (
        isinstance(node, ast.Attribute)
        and node.attr in _MEMORY_SPACES
        and _head(node.value) in ("MemorySpace", "Mem")
    ):
        return "memory space"
    return None


def _int64_dim(value: object, node: ast.expr) -> None:
    """A dim becomes the real IR's int64 constant: past 64 bits it is its TypeError."""
    if not fits_int64(value):
        raise past_int64(node)


def check_dtype_node(node: ast.expr, evaluator: StaticEvaluator, is_unbound: IsUnbound) -> None:
    """`TypeResolver.resolve_dtype`'s rejections (also used for an op's `dtype=` keyword)."""
    if isinstance(node, ast.Attribute):
        if node.attr in _DTYPES:
            return
        if isinstance(node.value, ast.Name) and node.value.id == "DataType":
            raise type_error(f"Unknown DataType: {node.attr}", node, UNKNOWN_DTYPE_HINT)
        raise type_error(f"Unknown dtype: {node.attr}", node, UNKNOWN_DTYPE_HINT)
    if isinstance(node, ast.Name):
        if node.id in _DTYPES:
            return
        value = evaluator.eval(node)
        if value is UNKNOWN:
            if is_unbound(node.id, node):
                raise type_error(f"Unknown dtype: {node.id}", node, UNKNOWN_DTYPE_HINT)
            return
        type_name = _python_type_name(value)
        if not isinstance(value, DType) and type_name is not None:
            raise type_error(
                f"Dtype variable '{node.id}' must be a DataType, got {type_name}",
                node,
                "Use a valid dtype like pl.FP32, pl.INT32, etc.",
            )
        return
    raise type_error(
        f"Cannot resolve dtype: {ast.unparse(node)}",
        node,
        "Use pl.FP32, pl.INT32, or other supported dtype constants",
    )


# `TypeResolver._LAYOUT_MAP`, in its order.
_LAYOUTS = ("ND", "DN", "NZ", "MX_A_ZZ", "MX_B_NN")


def _unknown_layout(name: str, node: ast.expr) -> FrontEndError:
    names = ", ".join(f"pl.{layout}" for layout in _LAYOUTS if layout != "DN")
    return type_error(f"Unknown layout: {name}", node, f"Use a valid layout: {names}")


def _count_error(head: str, index: ast.expr) -> FrontEndError:
    got = ast.unparse(index)
    if head != "Tile":
        message = (
            f"{head} subscript requires [shape, dtype], [shape, dtype, layout_or_memref], "
            f"or [shape, dtype, layout, memref], got: {got}"
        )
        hint = (
            f"Use {head}[[shape], dtype], {head}[[shape], dtype, layout], "
            f"or {head}[[shape], dtype, pl.MemRef(...)] format"
        )
    else:
        message = (
            "Tile subscript requires [shape, dtype], [shape, dtype, tileview_or_memory_space], "
            "[shape, dtype, memref, memory_space], or [shape, dtype, memref, memory_space, tileview], "
            f"got: {got}"
        )
        hint = (
            "Use pl.Tile[[shape], dtype], pl.Tile[[shape], dtype, pl.Mem.Vec], "
            "pl.Tile[[shape], dtype, pl.MemRef(...), pl.Mem.Vec], "
            "or pl.Tile[[shape], dtype, pl.MemRef(...), pl.Mem.Vec, pl.TileView(...)]"
        )
    return type_error(message, index, hint)


def _source(source: str | None, node: ast.expr) -> str:
    return source if source is not None else ast.unparse(node)


def _python_type_name(value: object) -> str | None:
    """`type(value).__name__` for the plain values we model; None for anything else."""
    if value is None:
        return "NoneType"
    if isinstance(value, (bool, int, float, str, list, tuple)):
        return type(value).__name__
    return None


def _elements(node: ast.expr) -> list[ast.expr]:
    return list(node.elts) if isinstance(node, ast.Tuple) else [node]


def _head(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _is_marker(node: ast.expr) -> bool:
    """`_resolve_marker_type_node`: `AsyncEvent`, `pl.AsyncEvent`, `pld.CommCtx`, ..."""
    if isinstance(node, ast.Name):
        return node.id in _MARKERS
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.attr in _MARKERS


def _is_const_call(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "const"
        and isinstance(node.func.value, ast.Name)
    )
