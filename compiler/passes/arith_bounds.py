"""The interval a scalar integer expression is known to lie in (the real `ConstIntBound`).

Intervals are closed, `NEG_INF` / `POS_INF` standing for unbounded; arithmetic on
them saturates at those ends as the real analyzer's does. A var's interval is what
was recorded for it (a loop range, a bound from its value, an `if` condition), else
its dtype's default: an INDEX scalar is never negative, any other is unbounded.
"""

from __future__ import annotations

from collections.abc import Callable

from compiler.ir import Const, Expr, Var
from compiler.passes.scalar_nodes import COMPARISONS, const_of, dtype_of, kind_of, operands

POS_INF = 2**63 - 1
NEG_INF = -(2**63)
Bound = tuple[int, int]
EVERYTHING: Bound = (NEG_INF, POS_INF)
_BOOLEAN: Bound = (0, 1)


def _add(a: int, b: int) -> int:
    if POS_INF in (a, b):
        return POS_INF
    if NEG_INF in (a, b):
        return NEG_INF
    total = a + b
    return POS_INF if total > POS_INF else NEG_INF if total < NEG_INF else total


def _neg(a: int) -> int:
    if a == POS_INF:
        return NEG_INF
    if a == NEG_INF:
        return POS_INF
    return -a


def _mul(a: int, b: int) -> int:
    if a == 0 or b == 0:
        return 0
    positive = (a > 0) == (b > 0)
    if a in (POS_INF, NEG_INF) or b in (POS_INF, NEG_INF):
        return POS_INF if positive else NEG_INF
    product = a * b
    if product > POS_INF or product < NEG_INF:
        return POS_INF if positive else NEG_INF
    return product


def _mul_bounds(a: Bound, b: Bound) -> Bound:
    corners = [_mul(x, y) for x in a for y in b]
    return min(corners), max(corners)


def _floordiv_positive(a: Bound, b: Bound) -> Bound:
    low = a[0] // b[1] if a[0] >= 0 else a[0] // b[0]
    high = a[1] // b[0] if a[1] >= 0 else a[1] // b[1]
    return low, high


def _floordiv_bounds(a: Bound, b: Bound) -> Bound:
    if b[0] > 0:
        return _floordiv_positive(a, b)
    if b[1] < 0:
        return _floordiv_positive((_neg(a[1]), _neg(a[0])), (_neg(b[1]), _neg(b[0])))
    return EVERYTHING


def _floormod_bounds(a: Bound, b: Bound) -> Bound:
    if b[0] > 0:
        if a[0] >= 0:
            return 0, min(a[1], b[1] - 1)
        return 0, b[1] - 1
    return EVERYTHING


def int_bits(dtype: str | None) -> int | None:
    """The width of an integer dtype (INDEX is 64 bits), None for any other."""
    if dtype == "INDEX":
        return 64
    if dtype and dtype.startswith(("INT", "UINT")) and dtype.lstrip("UINT").isdigit():
        return int(dtype.lstrip("UINT"))
    return None


def default_bound(var: Expr) -> Bound:
    return (0, POS_INF) if dtype_of(var) == "INDEX" else EVERYTHING


class Bounds:
    """The bounds recorded for vars, and the interval of an expression under them."""

    def __init__(self) -> None:
        self.recorded: dict[int, Bound] = {}

    def of(self, expr: Expr) -> Bound:
        kind = kind_of(expr)
        if kind == "const":
            value = const_of(expr)
            if isinstance(value, bool):
                return (int(value), int(value))
            if isinstance(value, int):
                return (value, value)
            return EVERYTHING  # a float constant: not a bound we need
        if kind == "var":
            return self.recorded.get(id(expr), default_bound(expr))
        if kind in COMPARISONS or kind in ("and", "or", "not"):
            return _BOOLEAN
        handler = _BINARY.get(kind)
        if handler is not None:
            lhs, rhs = operands(expr)
            return handler(self.of(lhs), self.of(rhs))
        if kind == "neg":
            low, high = self.of(operands(expr)[0])
            return _neg(high), _neg(low)
        if kind == "cast":
            return self._cast(expr)
        return EVERYTHING

    def _cast(self, expr: Expr) -> Bound:
        inner = self.of(operands(expr)[0])
        dtype = dtype_of(expr)
        bits = int_bits(dtype)
        if bits is None:
            return EVERYTHING
        if bits >= 64:
            return inner
        low, high = (
            (0, 2**bits - 1)
            if dtype and dtype.startswith("UINT")
            else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
        )
        return max(inner[0], low), min(inner[1], high)

    def enter_constraint(self, constraint: Expr) -> Callable[[], None]:
        """Narrow the bounds of the vars `constraint` compares with a constant (as an `if`
        condition known true does); the function returned undoes it."""
        saved: list[tuple[int, Bound | None]] = []

        def tighten(var: Expr, low: int, high: int) -> None:
            old = self.recorded.get(id(var))
            saved.append((id(var), old))
            current = old if old is not None else default_bound(var)
            self.recorded[id(var)] = (max(current[0], low), min(current[1], high))

        def read(condition: Expr) -> None:
            kind = kind_of(condition)
            if kind == "and":
                for part in operands(condition):
                    read(part)
                return
            if kind not in COMPARISONS or kind == "ne":
                return
            lhs, rhs = operands(condition)
            if isinstance(lhs, Var):
                other, var_on_left = self.of(rhs), True
                var = lhs
            elif isinstance(rhs, Var):
                other, var_on_left = self.of(lhs), False
                var = rhs
            else:
                return
            if other[0] != other[1]:
                return
            value = other[0]
            limits = {
                ("ge", True): (value, POS_INF),
                ("ge", False): (NEG_INF, value),
                ("gt", True): (_add(value, 1), POS_INF),
                ("gt", False): (NEG_INF, _add(value, -1)),
                ("le", True): (NEG_INF, value),
                ("le", False): (value, POS_INF),
                ("lt", True): (NEG_INF, _add(value, -1)),
                ("lt", False): (_add(value, 1), POS_INF),
                ("eq", True): (value, value),
                ("eq", False): (value, value),
            }
            tighten(var, *limits[kind, var_on_left])

        read(constraint)

        def restore() -> None:
            for key, old in reversed(saved):
                if old is None or old == EVERYTHING:
                    self.recorded.pop(key, None)
                else:
                    self.recorded[key] = old

        return restore


_BINARY: dict[str, Callable[[Bound, Bound], Bound]] = {
    "add": lambda a, b: (_add(a[0], b[0]), _add(a[1], b[1])),
    "sub": lambda a, b: (_add(a[0], _neg(b[1])), _add(a[1], _neg(b[0]))),
    "mul": _mul_bounds,
    "floordiv": _floordiv_bounds,
    "floormod": _floormod_bounds,
    "min": lambda a, b: (min(a[0], b[0]), min(a[1], b[1])),
    "max": lambda a, b: (max(a[0], b[0]), max(a[1], b[1])),
}


def is_const_int(expr: Expr) -> bool:
    return isinstance(expr, Const) and isinstance(expr.value, int) and not isinstance(expr.value, bool)
