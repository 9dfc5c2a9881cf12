"""Whether two types of a control-flow boundary are the same, as the real type check's
`CheckTypeEquality` (type_check_pass.cpp) decides and words it: a loop's carry (iteration
argument, yielded value, result) or an `if`'s two yields.

In upstream's order: the type kind (and there it stops); a tuple's size, then each element;
a scalar's dtype; a tensor's or tile's dtype, its shape (dimension count, then each
dimension), its valid shape, a tensor's padding. A dimension is compared only where both are
constants or the same symbol (upstream's prover may prove more, or fail to: we stop there);
a view not known here stops the comparison too, and so does a tile's layout metadata, which
upstream compares only between two explicit views after canonicalising them (not modelled).
What is not decided gives no message: a missed error, never a false one.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from compiler.ir.types import (
    IRType,
    ScalarType,
    TensorType,
    TensorView,
    TileType,
    TileView,
    TupleType,
)
from compiler.ops.prover import Proof, prove_equal
from compiler.ops.valid_region import format_dim, is_known_dim

_KINDS = (TensorType, TileType, ScalarType, TupleType)


class _Undecided(Exception):
    """A comparison this module cannot decide: no message from it on."""


def type_kind(ir_type: IRType | None) -> str | None:
    """The class name the real compiler reports for a type ("TensorType"), None when unknown."""
    return ir_type.ir_class_name if isinstance(ir_type, _KINDS) else None


def carried_type_errors(
    first: IRType | None, second: IRType | None, context: str, first_name: str, second_name: str
) -> list[str]:
    """The messages the real check gives for `first` and `second` at one boundary."""
    found: list[str] = []
    with contextlib.suppress(_Undecided):
        _compare(first, second, context, first_name, second_name, found)
    return found


def _compare(
    first: IRType | None,
    second: IRType | None,
    context: str,
    first_name: str,
    second_name: str,
    found: list[str],
) -> None:
    kind1, kind2 = type_kind(first), type_kind(second)
    if kind1 is None or kind2 is None:
        raise _Undecided
    if kind1 != kind2:
        found.append(
            f"Type kind mismatch in {context}: {first_name} type '{kind1}' != {second_name} type '{kind2}'"
        )
        return
    if isinstance(first, TupleType):
        assert isinstance(second, TupleType)
        if len(first.items) != len(second.items):
            found.append(
                f"Tuple size mismatch in {context}: {first_name} has {len(first.items)} elements, "
                f"but {second_name} has {len(second.items)} elements"
            )
            return
        for i, (item1, item2) in enumerate(zip(first.items, second.items)):
            _compare(
                item1,
                item2,
                context,
                f"{first_name} tuple element[{i}]",
                f"{second_name} tuple element[{i}]",
                found,
            )
        return
    _compare_dtype(first, second, context, first_name, second_name, found)
    if isinstance(first, ScalarType):
        return
    assert isinstance(first, (TensorType, TileType)) and isinstance(second, (TensorType, TileType))
    if not _compare_shape(first.shape, second.shape, "Shape", context, first_name, second_name, found):
        return
    _compare_shape(
        _valid_shape(first), _valid_shape(second), "Valid shape", context, first_name, second_name, found
    )
    if isinstance(first, TensorType) and isinstance(second, TensorType):
        if _tensor_pad(first) != _tensor_pad(second):
            found.append(f"Tensor padding mismatch in {context}: {first_name} pad != {second_name} pad")
        if first.distributed or second.distributed:
            raise _Undecided  # the window-buffer identity is not modelled
        return
    raise _Undecided  # a tile's layout metadata (between two explicit views) is not modelled


def _compare_dtype(
    first: IRType, second: IRType, context: str, first_name: str, second_name: str, found: list[str]
) -> None:
    dtype1, dtype2 = getattr(first, "dtype", None), getattr(second, "dtype", None)
    if dtype1 is None or dtype2 is None:
        raise _Undecided
    if dtype1 != dtype2:
        found.append(f"Dtype mismatch in {context}: {first_name} dtype != {second_name} dtype")


def _compare_shape(
    shape1: Sequence[object] | None,
    shape2: Sequence[object] | None,
    what: str,
    context: str,
    first_name: str,
    second_name: str,
    found: list[str],
) -> bool:
    """Upstream's `check_shape`: False when the dimension counts differ (it stops there)."""
    if shape1 is None or shape2 is None:
        raise _Undecided
    if len(shape1) != len(shape2):
        found.append(
            f"{what} dimension count mismatch in {context}: {first_name} has {len(shape1)} dimensions, "
            f"but {second_name} has {len(shape2)} dimensions"
        )
        return False
    for i, (dim1, dim2) in enumerate(zip(shape1, shape2)):
        proof = _extents_equal(dim1, dim2)
        if proof is Proof.TRUE:
            continue
        # Not proved equal is an error: a proved difference says so, an undecided one
        # says the boundary has no runtime guard.
        unproved = "; equality is not provable and this boundary has no runtime guard"
        found.append(
            f"{what} dimension mismatch in {context}: {first_name} dimension[{i}] = {format_dim(dim1)}, "
            f"but {second_name} dimension[{i}] = {format_dim(dim2)}{unproved if proof is Proof.UNKNOWN else ''}"
        )
    return True


def _extents_equal(dim1: object, dim2: object) -> Proof:
    """`ProveValidExtentEqual`, where ours answers as the real analyzer does: two
    constants, a constant and a `pl.dynamic` symbol or two symbols (whose values the
    analyzer knows nothing of: it proves them neither equal nor different), or a
    difference our prover settles (it proves no more than the real one). Anything else
    may be proved equal by the real analyzer: undecided here."""
    if dim1 is dim2 or (isinstance(dim1, str) and dim1 == dim2):
        return Proof.TRUE
    if _is_atom(dim1) and _is_atom(dim2):
        return prove_equal(dim1, dim2)  # type: ignore[arg-type]
    if not (is_known_dim(dim1) and is_known_dim(dim2)):  # type: ignore[arg-type]
        raise _Undecided
    proof = prove_equal(dim1, dim2)  # type: ignore[arg-type]
    if proof is Proof.UNKNOWN:
        raise _Undecided  # the real analyzer may prove more than ours
    return proof


def _is_atom(dim: object) -> bool:
    """A constant or a `pl.dynamic` symbol."""
    return _is_constant(dim) or (isinstance(dim, str) and dim.isidentifier())


def _is_constant(dim: object) -> bool:
    return isinstance(dim, int) and not isinstance(dim, bool)


def _valid_shape(shaped: TensorType | TileType) -> Sequence[object] | None:
    """The valid shape: the view's, else the whole shape."""
    view = shaped.view
    if view is None:
        return shaped.shape
    if not isinstance(view, (TensorView, TileView)):
        raise _Undecided  # a view not known here
    return view.valid_shape or shaped.shape


def _tensor_pad(tensor: TensorType) -> str:
    view = tensor.view
    if view is None:
        return "null"
    if not isinstance(view, TensorView):
        raise _Undecided
    return view.pad
