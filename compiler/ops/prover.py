"""What the real op rules can prove about an extent or an offset: `ProveValidExtentEqual`
and `ProveValidExtentLessEqual` of src/ir/op/type_inference.cpp, over the arithmetic
analyzer of src/ir/arith.

The real rules ask a fresh analyzer, with nothing bound: all it knows of a variable
is its dtype (an INDEX variable is non-negative, any other integer may be anything;
`DefaultBoundFromDtype`), and it cancels what a canonical (linear) form cancels. This
one writes each side as a sum of integer multiples of atoms plus a constant, bounds
each atom the way the real `ConstIntBound` does, and decides `lhs <= rhs` from the
bounds of `lhs - rhs`. It proves no more than the real one: whatever it cannot write
in that form is not integer arithmetic it knows, and the answer is UNKNOWN, which
the rules take on trust (never an error).

Dims are what our types hold: an int (a `ConstInt` of INDEX), a symbol name (a
`pl.dynamic` dim; bounded by nothing here, though the real one knows it is not
negative), or an IR expression of scalar type.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from compiler.ir import BinaryExpr, Const, Expr, ScalarType, UnaryExpr, Var
from compiler.ir.types import Dim

__all__ = ["Proof", "Sum", "is_integer", "provably_equal", "prove_equal", "prove_less_equal", "same_dim"]

# The signed integer dtypes; INDEX is one of them (the real `IsSignedInt`).
_SIGNED = frozenset({"INT4", "INT8", "INT16", "INT32", "INT64", "INDEX"})
_INF = math.inf


class Proof(enum.Enum):
    """`ProofResult`: kTrue, kFalse, kUnknown."""

    TRUE = "true"
    FALSE = "false"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Sum:
    """`offset + extent` as the real rules build it (`MakeAdd`) to compare its end with
    a bound: integers of one signedness add up (the narrower one cast to the wider)."""

    terms: tuple[Dim | Expr, ...]


@dataclass(frozen=True)
class _Bound:
    low: float
    high: float


_EVERYTHING = _Bound(-_INF, _INF)
_NON_NEGATIVE = _Bound(0, _INF)

# An atom: a variable (by identity), a symbol (by name), or a product, quotient or
# remainder the linear form keeps whole (by structure). Its key says which.
_Key = tuple[object, ...]


@dataclass(frozen=True)
class _Linear:
    """`constant + sum(coefficient * atom)`; `atoms` maps an atom's key to
    (coefficient, bound of the atom)."""

    constant: int
    atoms: tuple[tuple[_Key, int, _Bound], ...]

    def scaled(self, factor: int) -> _Linear:
        return _Linear(
            self.constant * factor, tuple((k, c * factor, b) for k, c, b in self.atoms if c * factor)
        )

    def plus(self, other: _Linear) -> _Linear:
        merged: dict[_Key, tuple[int, _Bound]] = {key: (coef, bound) for key, coef, bound in self.atoms}
        for key, coef, bound in other.atoms:
            old = merged.get(key)
            merged[key] = (coef + (old[0] if old else 0), bound)
        atoms = tuple((key, coef, bound) for key, (coef, bound) in merged.items() if coef)
        return _Linear(self.constant + other.constant, atoms)

    def bound(self) -> _Bound:
        low = high = float(self.constant)
        for _key, coef, atom in self.atoms:
            low += min(_mul(coef, atom.low), _mul(coef, atom.high))
            high += max(_mul(coef, atom.low), _mul(coef, atom.high))
        return _Bound(low, high)


def _mul(a: float, b: float) -> float:
    """Interval product of two ends, with 0 * inf = 0 (`InfAwareMul`)."""
    if a == 0 or b == 0:
        return 0
    return a * b


def is_integer(dim: Dim | Expr | None) -> bool:
    """`IsIntegerScalarExpr`, on what we know: an int, a symbol, or an expression of a
    known integer dtype."""
    return _dtype(dim) is not None


def _dtype(dim: Dim | Expr | Sum | None) -> str | None:
    """The integer dtype of a dim, None when it is not a known integer."""
    if isinstance(dim, bool) or dim is None:
        return None
    if isinstance(dim, Sum):
        dtypes = [_dtype(term) for term in dim.terms]
        return "INDEX" if all(dtype in _SIGNED for dtype in dtypes) else None
    if isinstance(dim, int):
        return "INDEX"
    if isinstance(dim, str):
        return "INDEX" if dim.isidentifier() else None
    if isinstance(dim, Expr) and isinstance(dim.type, ScalarType):
        dtype = dim.type.dtype
        if dtype in _SIGNED or (dtype is not None and dtype.startswith("UINT")):
            if isinstance(dim, Const) and not (
                isinstance(dim.value, int) and not isinstance(dim.value, bool)
            ):
                return None
            return dtype
    return None


def _comparable(lhs: Dim | Expr | Sum, rhs: Dim | Expr | Sum) -> bool:
    """`AreComparableIntegerScalarExprs`: both integers of the same signedness. (Ours
    decides signed pairs only: an unsigned side is left undecided.)"""
    a, b = _dtype(lhs), _dtype(rhs)
    return a in _SIGNED and b in _SIGNED


def same_dim(lhs: Dim | Expr | Sum, rhs: Dim | Expr | Sum) -> bool:
    """`AreExprsEqual`: constants by value, binary expressions by structure, anything
    else by identity (a symbol by its name)."""
    a, b = _as_int(lhs), _as_int(rhs)
    if a is not None or b is not None:
        return a is not None and a == b
    if isinstance(lhs, str) or isinstance(rhs, str):
        return isinstance(lhs, str) and isinstance(rhs, str) and lhs == rhs and lhs.isidentifier()
    if isinstance(lhs, BinaryExpr) and isinstance(rhs, BinaryExpr):
        return lhs.op == rhs.op and same_dim(lhs.lhs, rhs.lhs) and same_dim(lhs.rhs, rhs.rhs)
    if isinstance(lhs, Sum) or isinstance(rhs, Sum):
        return False
    return lhs is rhs


def prove_less_equal(lhs: Dim | Expr | Sum, rhs: Dim | Expr | Sum) -> Proof:
    """`ProveValidExtentLessEqual(lhs, rhs)`."""
    if lhs.__class__ is int and rhs.__class__ is int:  # the common static case, decided at once
        return Proof.TRUE if lhs <= rhs else Proof.FALSE  # type: ignore[operator]
    bound = _difference_bound(lhs, rhs)
    if isinstance(bound, Proof):
        return bound
    if bound.high <= 0:
        return Proof.TRUE
    if bound.low > 0:
        return Proof.FALSE
    return Proof.UNKNOWN


def prove_equal(lhs: Dim | Expr | Sum, rhs: Dim | Expr | Sum) -> Proof:
    """`ProveValidExtentEqual(lhs, rhs)`."""
    if lhs.__class__ is int and rhs.__class__ is int:
        return Proof.TRUE if lhs == rhs else Proof.FALSE
    bound = _difference_bound(lhs, rhs)
    if isinstance(bound, Proof):
        return bound
    if bound.low == bound.high == 0:
        return Proof.TRUE
    if bound.low > 0 or bound.high < 0:
        return Proof.FALSE
    return Proof.UNKNOWN


def provably_equal(lhs: Dim | Expr, rhs: Dim | Expr) -> bool | None:
    """Whether `ProveValidExtentEqual(lhs, rhs)` is kTrue; None where our linear form
    cannot follow the real analyzer. A difference whose bound the real one also leaves
    open (its kUnknown: `n` against 64, `n` an INDEX variable) is a settled False."""
    if lhs.__class__ is int and rhs.__class__ is int:
        return lhs == rhs
    bound = _difference_bound(lhs, rhs)
    if isinstance(bound, Proof):
        return None if bound is Proof.UNKNOWN else bound is Proof.TRUE
    return bound.low == bound.high == 0


def _difference_bound(lhs: Dim | Expr | Sum, rhs: Dim | Expr | Sum) -> _Bound | Proof:
    """The interval of `lhs - rhs`; a `Proof` where it is decided without one (the same
    dimension: TRUE, for both questions) or cannot be had (UNKNOWN)."""
    if not _comparable(lhs, rhs):
        return Proof.UNKNOWN
    if same_dim(lhs, rhs):
        return Proof.TRUE
    difference = _difference(lhs, rhs)
    return Proof.UNKNOWN if difference is None else difference.bound()


def _difference(lhs: Dim | Expr | Sum, rhs: Dim | Expr | Sum) -> _Linear | None:
    a, b = _linear(lhs), _linear(rhs)
    if a is None or b is None:
        return None
    return a.plus(b.scaled(-1))


def _as_int(dim: Dim | Expr | Sum) -> int | None:
    if isinstance(dim, (bool, Sum)):
        return None
    if isinstance(dim, int):
        return dim
    if isinstance(dim, Const) and isinstance(dim.value, int) and not isinstance(dim.value, bool):
        return dim.value if _dtype(dim) is not None else None
    return None


def _linear(dim: Dim | Expr | Sum) -> _Linear | None:
    """The linear form of an integer dim, None when it has none we know."""
    if isinstance(dim, Sum):
        total = _Linear(0, ())
        for term in dim.terms:
            linear = _linear(term)
            if linear is None:
                return None
            total = total.plus(linear)
        return total
    value = _as_int(dim)
    if value is not None:
        return _Linear(value, ())
    if isinstance(dim, str):
        return _Linear(0, ((("symbol", dim), 1, _EVERYTHING),)) if dim.isidentifier() else None
    dtype = _dtype(dim)
    if dtype is None:
        return None
    if isinstance(dim, Var):
        bound = _NON_NEGATIVE if dtype == "INDEX" else _EVERYTHING
        return _Linear(0, ((("var", id(dim)), 1, bound),))
    if isinstance(dim, UnaryExpr) and dim.op == "neg":
        inner = _linear(dim.operand)
        return inner.scaled(-1) if inner is not None else None
    if not isinstance(dim, BinaryExpr):
        return None
    lhs, rhs = _linear(dim.lhs), _linear(dim.rhs)
    if lhs is None or rhs is None:
        return None
    if dim.op == "add":
        return lhs.plus(rhs)
    if dim.op == "sub":
        return lhs.plus(rhs.scaled(-1))
    if dim.op == "mul":
        if not rhs.atoms:
            return lhs.scaled(rhs.constant)
        if not lhs.atoms:
            return rhs.scaled(lhs.constant)
        return _atom(dim, _bound_mul(lhs.bound(), rhs.bound()))
    if dim.op in ("floordiv", "mod") and not rhs.atoms and rhs.constant > 0:
        if not lhs.atoms:
            quotient, remainder = divmod(lhs.constant, rhs.constant)
            return _Linear(quotient if dim.op == "floordiv" else remainder, ())
        a, divisor = lhs.bound(), rhs.constant
        if dim.op == "floordiv":
            return _atom(dim, _Bound(_floor_div(a.low, divisor), _floor_div(a.high, divisor)))
        high = min(a.high, divisor - 1) if a.low >= 0 else divisor - 1
        return _atom(dim, _Bound(0, high))
    return None


def _floor_div(end: float, divisor: int) -> float:
    return end if math.isinf(end) else float(math.floor(end / divisor))


def _atom(expr: BinaryExpr, bound: _Bound) -> _Linear | None:
    key = _structural_key(expr)
    return _Linear(0, ((key, 1, bound),)) if key is not None else None


def _structural_key(dim: Dim | Expr) -> _Key | None:
    value = _as_int(dim)
    if value is not None:
        return ("int", value)
    if isinstance(dim, str):
        return ("symbol", dim)
    if isinstance(dim, Var):
        return ("var", id(dim))
    if isinstance(dim, BinaryExpr):
        lhs, rhs = _structural_key(dim.lhs), _structural_key(dim.rhs)
        return (dim.op, lhs, rhs) if lhs is not None and rhs is not None else None
    return None


def _bound_mul(a: _Bound, b: _Bound) -> _Bound:
    corners = [_mul(x, y) for x in (a.low, a.high) for y in (b.low, b.high)]
    return _Bound(min(corners), max(corners))
