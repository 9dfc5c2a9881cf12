"""The rewrite rules of the real arithmetic simplifier, by node kind, in the order it tries them.

Each rule is `(pattern, result, guard)`. Patterns and results are written as Python
expressions and read once: `x`, `y`, `z` match any expression (a name met twice must
match equal expressions), `c1`, `c2`, `c3` an integer constant; `min`, `max`,
`floordiv`, `floormod`, `neg` are those nodes, `&` / `|` / `~` are logical and / or /
not on booleans. In a result, an integer literal is a constant of the expression's
dtype, and `zero` the constant 0 of it. A guard reads the constants bound (`v("c1")`)
and may ask the bounds analysis (`ge(expr, value)`, `le`, `lt`).

The first rule whose pattern matches and whose guard holds rewrites the expression;
the result is simplified again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Guard = Callable[[Any], bool] | None


def _trunc_mod(a: int, b: int) -> int:
    """`a % b` as C++ computes it (the sign of `a`)."""
    remainder = abs(a) % abs(b)
    return -remainder if a < 0 else remainder


def _divides(small: str, big: str) -> Callable[[Any], bool]:
    """`big > 0 and small % big == 0` on the constants named."""
    return lambda m: m.v(big) > 0 and _trunc_mod(m.v(small), m.v(big)) == 0


def _nonzero(name: str) -> Callable[[Any], bool]:
    return lambda m: m.v(name) != 0


def _positive(name: str) -> Callable[[Any], bool]:
    return lambda m: m.v(name) > 0


def _negative(name: str) -> Callable[[Any], bool]:
    return lambda m: m.v(name) < 0


def _not_zero_expr(name: str) -> Callable[[Any], bool]:
    return lambda m: m.ge(m.e(name), 1) or m.le(m.e(name), -1)


ADD: list[tuple[str, str, Guard]] = [
    ("(x + c1) + c2", "x + (c1 + c2)", None),
    ("(c1 + x) + c2", "x + (c1 + c2)", None),
    ("(x - y) + y", "x", None),
    ("x + (y - x)", "y", None),
    ("(x - y) + (y - z)", "x - z", None),
    ("(x - y) + (z - x)", "z - y", None),
    ("x + x", "x * 2", None),
    ("x * y + x", "(y + 1) * x", None),
    ("x + x * y", "(y + 1) * x", None),
    ("x * y + x * z", "(y + z) * x", None),
    ("y * x + x * z", "(y + z) * x", None),
    ("x * y + z * x", "(y + z) * x", None),
    ("y * x + z * x", "(y + z) * x", None),
    ("floordiv(x, y) * y + floormod(x, y)", "x", None),
    ("floormod(x, y) + floordiv(x, y) * y", "x", None),
    ("y * floordiv(x, y) + floormod(x, y)", "x", None),
    ("floormod(x, y) + y * floordiv(x, y)", "x", None),
    ("min(x, y - z) + z", "min(x + z, y)", None),
    ("min(x - z, y) + z", "min(x, y + z)", None),
    ("z + min(x, y - z)", "min(x + z, y)", None),
    ("max(x, y - z) + z", "max(x + z, y)", None),
    ("max(x - z, y) + z", "max(x, y + z)", None),
    ("z + max(x, y - z)", "max(x + z, y)", None),
    ("max(x, y) + min(x, y)", "x + y", None),
    ("min(x, y) + max(x, y)", "x + y", None),
    ("max(x, y) + min(y, x)", "x + y", None),
    ("min(x, y) + max(y, x)", "x + y", None),
    ("c1 + x", "x + c1", None),
    ("x + (c1 - y)", "(x - y) + c1", None),
    ("(c1 - y) + x", "(x - y) + c1", None),
    ("(x + c1) + y", "(x + y) + c1", None),
]

SUB: list[tuple[str, str, Guard]] = [
    ("x - x", "zero", None),
    ("(x + y) - y", "x", None),
    ("(x + y) - x", "y", None),
    ("(y + x) - x", "y", None),
    ("x - (x + y)", "neg(y)", None),
    ("x - (y + x)", "neg(y)", None),
    ("(x + c1) - c2", "x + (c1 - c2)", None),
    ("(c1 + x) - c2", "x + (c1 - c2)", None),
    ("c1 - (c2 - x)", "x + (c1 - c2)", None),
    ("c1 - (x + c2)", "(c1 - c2) - x", None),
    ("c1 - (c2 + x)", "(c1 - c2) - x", None),
    ("(c1 - x) - (c2 - y)", "(y - x) + (c1 - c2)", None),
    ("(x - y) - (x - z)", "z - y", None),
    ("(x + y) - (x + z)", "y - z", None),
    ("(y + x) - (x + z)", "y - z", None),
    ("(x + y) - (z + x)", "y - z", None),
    ("(y + x) - (z + x)", "y - z", None),
    ("x * y - x", "(y - 1) * x", None),
    ("x - x * y", "(1 - y) * x", None),
    ("x * y - x * z", "(y - z) * x", None),
    ("y * x - x * z", "(y - z) * x", None),
    ("x * y - z * x", "(y - z) * x", None),
    ("y * x - z * x", "(y - z) * x", None),
    ("x - floordiv(x, c1) * c1", "floormod(x, c1)", _nonzero("c1")),
    ("x - c1 * floordiv(x, c1)", "floormod(x, c1)", _nonzero("c1")),
    ("floordiv(x, c1) * c1 - x", "zero - floormod(x, c1)", _nonzero("c1")),
    ("x - floordiv(x + y, c1) * c1", "floormod(x + y, c1) - y", _nonzero("c1")),
    ("floordiv(x + y, c1) * c1 - x", "y - floormod(x + y, c1)", _nonzero("c1")),
    ("x - floordiv(x - y, c1) * c1", "floormod(x - y, c1) + y", _nonzero("c1")),
    ("floordiv(x - y, c1) * c1 - x", "zero - floormod(x - y, c1) - y", _nonzero("c1")),
    ("min(x, y) - x", "min(zero, y - x)", None),
    ("min(x, y) - y", "min(x - y, zero)", None),
    ("max(x, y) - x", "max(zero, y - x)", None),
    ("max(x, y) - y", "max(x - y, zero)", None),
    ("x - min(x, y)", "max(zero, x - y)", None),
    ("x - max(x, y)", "min(zero, x - y)", None),
    ("min(x + y, z) - x", "min(y, z - x)", None),
    ("min(y + x, z) - x", "min(y, z - x)", None),
    ("min(z, x + y) - x", "min(z - x, y)", None),
    ("min(z, y + x) - x", "min(z - x, y)", None),
    ("max(x + y, z) - x", "max(y, z - x)", None),
    ("max(y + x, z) - x", "max(y, z - x)", None),
    ("max(z, x + y) - x", "max(z - x, y)", None),
    ("max(z, y + x) - x", "max(z - x, y)", None),
    ("x - min(x + y, z)", "max(zero - y, x - z)", None),
    ("x - min(y + x, z)", "max(zero - y, x - z)", None),
    ("x - min(z, x + y)", "max(x - z, zero - y)", None),
    ("x - min(z, y + x)", "max(x - z, zero - y)", None),
    ("x - max(x + y, z)", "min(zero - y, x - z)", None),
    ("x - max(y + x, z)", "min(zero - y, x - z)", None),
    ("x - max(z, x + y)", "min(x - z, zero - y)", None),
    ("x - max(z, y + x)", "min(x - z, zero - y)", None),
    ("min(x, y) - min(y, x)", "zero", None),
    ("max(x, y) - max(y, x)", "zero", None),
    ("x - (y + c1)", "(x - y) + (0 - c1)", None),
    ("(x + c1) - y", "(x - y) + c1", None),
    ("x - (y - z)", "(x + z) - y", None),
]

MUL: list[tuple[str, str, Guard]] = [
    ("(x * c1) * c2", "x * (c1 * c2)", None),
    ("(c1 * x) * c2", "x * (c1 * c2)", None),
    ("min(x, y) * max(x, y)", "x * y", None),
    ("max(x, y) * min(x, y)", "x * y", None),
    ("c1 * x", "x * c1", None),
    ("x * (c1 * y)", "(x * y) * c1", None),
    ("(x + c1) * c2", "x * c2 + c1 * c2", None),
    ("(x - y) * c1", "(y - x) * (0 - c1)", _negative("c1")),
]

FLOORDIV: list[tuple[str, str, Guard]] = [
    ("floordiv(x * c1, c2)", "x * floordiv(c1, c2)", _divides("c1", "c2")),
    ("floordiv(c1 * x, c2)", "x * floordiv(c1, c2)", _divides("c1", "c2")),
    (
        "floordiv(x * c1, c2)",
        "floordiv(x, floordiv(c2, c1))",
        lambda m: m.v("c1") > 0 and _trunc_mod(m.v("c2"), m.v("c1")) == 0 and int(m.v("c2") / m.v("c1")) > 0,
    ),
    ("floordiv(floordiv(x, c1), c2)", "floordiv(x, c1 * c2)", lambda m: m.v("c1") > 0 and m.v("c2") > 0),
    (
        "floordiv(floordiv(x, c1) + c2, c3)",
        "floordiv(x + c1 * c2, c1 * c3)",
        lambda m: m.v("c1") > 0 and m.v("c3") > 0,
    ),
    ("floordiv(x, x)", "1", _not_zero_expr("x")),
    ("floordiv(x * c1, x)", "c1", _not_zero_expr("x")),
    ("floordiv(c1 * x, x)", "c1", _not_zero_expr("x")),
    ("floordiv(x + c1, c2)", "floordiv(x, c2) + floordiv(c1, c2)", _divides("c1", "c2")),
    ("floordiv(c1 + x, c2)", "floordiv(x, c2) + floordiv(c1, c2)", _divides("c1", "c2")),
    ("floordiv(x * c1 + y, c2)", "x * floordiv(c1, c2) + floordiv(y, c2)", _divides("c1", "c2")),
    ("floordiv(c1 * x + y, c2)", "x * floordiv(c1, c2) + floordiv(y, c2)", _divides("c1", "c2")),
    ("floordiv(y + x * c1, c2)", "floordiv(y, c2) + x * floordiv(c1, c2)", _divides("c1", "c2")),
    ("floordiv(y + c1 * x, c2)", "floordiv(y, c2) + x * floordiv(c1, c2)", _divides("c1", "c2")),
    ("floordiv(min(x * c1, y), c2)", "min(x * floordiv(c1, c2), floordiv(y, c2))", _divides("c1", "c2")),
    ("floordiv(max(x * c1, y), c2)", "max(x * floordiv(c1, c2), floordiv(y, c2))", _divides("c1", "c2")),
    ("floordiv(min(y, x * c1), c2)", "min(floordiv(y, c2), x * floordiv(c1, c2))", _divides("c1", "c2")),
    ("floordiv(max(y, x * c1), c2)", "max(floordiv(y, c2), x * floordiv(c1, c2))", _divides("c1", "c2")),
    ("floordiv(x - floormod(x, c1), c1)", "floordiv(x, c1)", _nonzero("c1")),
    ("floordiv(x * y, y)", "x", _not_zero_expr("y")),
    ("floordiv(y * x, y)", "x", _not_zero_expr("y")),
    ("floordiv(x * z + y, z)", "x + floordiv(y, z)", lambda m: m.ge(m.e("z"), 0)),
    ("floordiv(z * x + y, z)", "x + floordiv(y, z)", lambda m: m.ge(m.e("z"), 0)),
    ("floordiv(y + x * z, z)", "floordiv(y, z) + x", lambda m: m.ge(m.e("z"), 0)),
    ("floordiv(y + z * x, z)", "floordiv(y, z) + x", lambda m: m.ge(m.e("z"), 0)),
    (
        "floordiv(x, c1)",
        "zero",
        lambda m: m.v("c1") > 0 and m.ge(m.e("x"), 0) and m.lt(m.e("x"), m.v("c1")),
    ),
]

FLOORMOD: list[tuple[str, str, Guard]] = [
    ("floormod(x * c1, c2)", "zero", _divides("c1", "c2")),
    ("floormod(c1 * x, c2)", "zero", _divides("c1", "c2")),
    ("floormod(x + c1, c2)", "floormod(x, c2)", _divides("c1", "c2")),
    ("floormod(c1 + x, c2)", "floormod(x, c2)", _divides("c1", "c2")),
    ("floormod(x * c1 + y, c2)", "floormod(y, c2)", _divides("c1", "c2")),
    ("floormod(c1 * x + y, c2)", "floormod(y, c2)", _divides("c1", "c2")),
    ("floormod(y + x * c1, c2)", "floormod(y, c2)", _divides("c1", "c2")),
    ("floormod(y + c1 * x, c2)", "floormod(y, c2)", _divides("c1", "c2")),
    (
        "floormod(x * c1, c2)",
        "floormod(x * floormod(c1, c2), c2)",
        lambda m: m.v("c2") != 0 and m.v("c1") % m.v("c2") != m.v("c1"),
    ),
    ("floormod(x * y, y)", "zero", _not_zero_expr("y")),
    ("floormod(y * x, y)", "zero", _not_zero_expr("y")),
    (
        "floormod(x + y * c1, c2)",
        "floormod(x + y * floormod(c1, c2), c2)",
        lambda m: m.v("c2") > 0 and m.v("c1") % m.v("c2") != m.v("c1"),
    ),
    (
        "floormod(x * c1, x * c2)",
        "x * floormod(c1, c2)",
        lambda m: m.v("c2") != 0 and (m.ge(m.e("x"), 1) or m.le(m.e("x"), -1)),
    ),
    (
        "floormod(x + c1, c2)",
        "floormod(x + floormod(c1, c2), c2)",
        lambda m: (
            m.v("c2") > 0
            and _trunc_mod(m.v("c1"), m.v("c2")) != 0
            and (m.v("c1") >= m.v("c2") or m.v("c1") < 0)
        ),
    ),
    ("floormod(x, c1)", "x", lambda m: m.v("c1") > 0 and m.ge(m.e("x"), 0) and m.lt(m.e("x"), m.v("c1"))),
]


def _min_max(kind: str, other: str, smaller: Callable[[int, int], bool]) -> list[tuple[str, str, Guard]]:
    """Min's rules (`kind` min, `other` max, `smaller` <), or Max's (the mirror)."""
    k, o = kind, other
    return [
        (f"{k}(x, x)", "x", None),
        (f"{k}({k}(x, c1), c2)", f"{k}(x, {k}(c1, c2))", None),
        (f"{k}(c1, {k}(x, c2))", f"{k}(x, {k}(c1, c2))", None),
        (f"{k}(y - x, z - x)", f"{k}(y, z) - x", None),
        (f"{k}(x - y, x - z)", f"x - {o}(y, z)", None),
        (f"{k}(x + y, x + z)", f"x + {k}(y, z)", None),
        (f"{k}(y + x, x + z)", f"x + {k}(y, z)", None),
        (f"{k}(x + y, z + x)", f"x + {k}(y, z)", None),
        (f"{k}(y + x, z + x)", f"x + {k}(y, z)", None),
        (f"{k}(x + c1, x + c2)", "x + c1", lambda m: smaller(m.v("c1"), m.v("c2"))),
        (f"{k}(x + c1, x + c2)", "x + c2", None),
        (f"{k}(x + c1, x)", "x + c1", lambda m: smaller(m.v("c1"), 0)),
        (f"{k}(x + c1, x)", "=x", None),
        (f"{k}(x, x + c1)", "x + c1", lambda m: smaller(m.v("c1"), 0)),
        (f"{k}(x, x + c1)", "=x", None),
        (f"{k}(c1 - x, c2 - x)", "c1 - x", lambda m: smaller(m.v("c1"), m.v("c2"))),
        (f"{k}(c1 - x, c2 - x)", "c2 - x", None),
        (f"{k}({k}(x, y), x)", f"{k}(x, y)", None),
        (f"{k}({k}(x, y), y)", f"{k}(x, y)", None),
        (f"{k}(x, {k}(x, y))", f"{k}(x, y)", None),
        (f"{k}(y, {k}(x, y))", f"{k}(x, y)", None),
        (f"{k}({o}(x, y), y)", "y", None),
        (f"{k}({o}(y, x), x)", "x", None),
        (f"{k}(y, {o}(x, y))", "y", None),
        (f"{k}({o}(x, y), x)", "x", None),
        (f"{k}(x, {o}(x, y))", "x", None),
        (f"{k}(x, {o}(y, x))", "x", None),
        (f"{k}({o}(x, y), {o}(x, z))", f"{o}({k}(y, z), x)", None),
        (f"{k}({o}(x, y), {o}(z, x))", f"{o}({k}(y, z), x)", None),
        (f"{k}({o}(y, x), {o}(x, z))", f"{o}({k}(y, z), x)", None),
        (f"{k}({o}(y, x), {o}(z, x))", f"{o}({k}(y, z), x)", None),
        (f"{k}({k}(x, y), {k}(x, z))", f"{k}({k}(y, z), x)", None),
        (f"{k}({k}(x, y), {k}(z, x))", f"{k}({k}(y, z), x)", None),
        (f"{k}({k}(y, x), {k}(x, z))", f"{k}({k}(y, z), x)", None),
        (f"{k}({k}(y, x), {k}(z, x))", f"{k}({k}(y, z), x)", None),
        (f"{k}(floordiv(x, c1), floordiv(y, c1))", f"floordiv({k}(x, y), c1)", _positive("c1")),
        (f"{k}(floordiv(x, c1), floordiv(y, c1))", f"floordiv({o}(x, y), c1)", _negative("c1")),
        (f"{k}(x * c1, y * c1)", f"{k}(x, y) * c1", _positive("c1")),
        (f"{k}(x * c1, y * c1)", f"{o}(x, y) * c1", _negative("c1")),
    ]


_MIN_BOUND: list[tuple[str, str, Guard]] = [
    ("min(x, y)", "x", lambda m: m.le(m.sub("x", "y"), 0)),
    ("min(x, y)", "y", lambda m: m.ge(m.sub("x", "y"), 0)),
    ("min(c1, x)", "min(x, c1)", None),
    ("min(min(x, c1), y)", "min(min(x, y), c1)", None),
]
_MAX_BOUND: list[tuple[str, str, Guard]] = [
    ("max(x, y)", "x", lambda m: m.ge(m.sub("x", "y"), 0)),
    ("max(x, y)", "y", lambda m: m.le(m.sub("x", "y"), 0)),
    ("max(c1, x)", "max(x, c1)", None),
    ("max(max(x, c1), y)", "max(max(x, y), c1)", None),
]
MIN = _min_max("min", "max", lambda a, b: a < b) + _MIN_BOUND
MAX = _min_max("max", "min", lambda a, b: a > b) + _MAX_BOUND

EQ: list[tuple[str, str, Guard]] = [
    ("x == x", "True", None),
    ("x + y == x + z", "y == z", None),
    ("y + x == x + z", "y == z", None),
    ("x + y == z + x", "y == z", None),
    ("y + x == z + x", "y == z", None),
    ("x - c1 == c2", "x == c1 + c2", None),
    ("x + c1 == c2", "x == c2 - c1", None),
    ("c1 - x == c2", "x == c1 - c2", None),
    ("c1 == x", "x == c1", None),
]
NE: list[tuple[str, str, Guard]] = [
    ("x != x", "False", None),
    ("x + y != x + z", "y != z", None),
    ("y + x != x + z", "y != z", None),
    ("x + y != z + x", "y != z", None),
    ("y + x != z + x", "y != z", None),
    ("x - c1 != c2", "x != c1 + c2", None),
    ("x + c1 != c2", "x != c2 - c1", None),
    ("c1 != x", "x != c1", None),
]
LT: list[tuple[str, str, Guard]] = [
    ("x < x", "False", None),
    ("x + y < x + z", "y < z", None),
    ("y + x < x + z", "y < z", None),
    ("x + y < z + x", "y < z", None),
    ("y + x < z + x", "y < z", None),
    ("y - x < z - x", "y < z", None),
    ("x - y < x - z", "z < y", None),
    ("x < x + z", "zero < z", None),
    ("x < z + x", "zero < z", None),
    ("x < x - z", "z < zero", None),
    ("x + c1 < c2", "x < c2 - c1", None),
    ("x - c1 < c2", "x < c2 + c1", None),
    ("c1 - x < c2", "c1 - c2 < x", None),
    ("c1 < x + c2", "c1 - c2 < x", None),
    ("c1 < x - c2", "c1 + c2 < x", None),
    ("x * c1 < y * c1", "x < y", _positive("c1")),
    ("x * c1 < y * c1", "y < x", _negative("c1")),
    ("floordiv(x, c1) < c2", "x < c1 * c2", _positive("c1")),
    ("c1 < floordiv(x, c2)", "(c1 + 1) * c2 - 1 < x", _positive("c2")),
    ("floordiv(x, c1) * c1 < x", "zero < floormod(x, c1)", _positive("c1")),
    ("floordiv(x, c1) * c1 < x + y", "zero < floormod(x, c1) + y", _positive("c1")),
    ("floordiv(x, c1) * c1 < x - y", "y < floormod(x, c1)", _positive("c1")),
    ("min(x, y) < z", "(x < z) | (y < z)", None),
    ("max(x, y) < z", "(x < z) & (y < z)", None),
    ("z < min(x, y)", "(z < x) & (z < y)", None),
    ("z < max(x, y)", "(z < x) | (z < y)", None),
]
LE: list[tuple[str, str, Guard]] = [
    ("x <= x", "True", None),
    ("x + y <= x + z", "y <= z", None),
    ("y + x <= x + z", "y <= z", None),
    ("x + y <= z + x", "y <= z", None),
    ("y + x <= z + x", "y <= z", None),
    ("y - x <= z - x", "y <= z", None),
    ("x - y <= x - z", "z <= y", None),
    ("x + c1 <= c2", "x <= c2 - c1", None),
    ("x - c1 <= c2", "x <= c2 + c1", None),
    ("c1 <= x + c2", "c1 - c2 <= x", None),
    ("c1 <= x - c2", "c1 + c2 <= x", None),
    ("c1 - x <= c2", "c1 - c2 <= x", None),
    ("x * c1 <= y * c1", "x <= y", _positive("c1")),
    ("x * c1 <= y * c1", "y <= x", _negative("c1")),
]
NOT: list[tuple[str, str, Guard]] = [
    ("~(~x)", "x", None),
    ("~(x < y)", "y <= x", None),
    ("~(x <= y)", "y < x", None),
    ("~(x > y)", "y >= x", None),
    ("~(x >= y)", "y > x", None),
    ("~(x == y)", "x != y", None),
    ("~(x != y)", "x == y", None),
    ("~(x | y)", "(~x) & (~y)", None),
    ("~(x & y)", "(~x) | (~y)", None),
]
AND: list[tuple[str, str, Guard]] = [
    ("x & x", "x", None),
    ("x & (~x)", "False", None),
    ("(~x) & x", "False", None),
    ("(x == y) & (x != y)", "False", None),
    ("(x != y) & (x == y)", "False", None),
    ("(x <= y) & (y < x)", "False", None),
    ("(y < x) & (x <= y)", "False", None),
    ("(x < c1) & (c2 < x)", "False", lambda m: m.v("c2") + 1 >= m.v("c1")),
    ("(c2 < x) & (x < c1)", "False", lambda m: m.v("c2") + 1 >= m.v("c1")),
    ("(x <= c1) & (c2 <= x)", "False", lambda m: m.v("c2") > m.v("c1")),
    ("(c2 <= x) & (x <= c1)", "False", lambda m: m.v("c2") > m.v("c1")),
    ("x & (y & z)", "(x & y) & z", None),
]
OR: list[tuple[str, str, Guard]] = [
    ("x | x", "x", None),
    ("x | (~x)", "True", None),
    ("(~x) | x", "True", None),
    ("(x == y) | (x != y)", "True", None),
    ("(x != y) | (x == y)", "True", None),
    ("(x <= y) | (y < x)", "True", None),
    ("(y < x) | (x <= y)", "True", None),
    ("(x < y) | (y < x)", "x != y", None),
    ("(x < c1) | (c2 < x)", "True", lambda m: m.v("c2") < m.v("c1")),
    ("(c2 < x) | (x < c1)", "True", lambda m: m.v("c2") < m.v("c1")),
    ("(x <= c1) | (c2 <= x)", "True", lambda m: m.v("c2") <= m.v("c1") + 1),
    ("(c2 <= x) | (x <= c1)", "True", lambda m: m.v("c2") <= m.v("c1") + 1),
    ("(x < y) | (x == y)", "x <= y", None),
    ("(x < y) | (y == x)", "x <= y", None),
    ("(x == y) | (x < y)", "x <= y", None),
    ("(y == x) | (x < y)", "x <= y", None),
    ("x | (y | z)", "(x | y) | z", None),
]
NEG: list[tuple[str, str, Guard]] = [
    ("neg(neg(x))", "x", None),
    ("neg(x - y)", "y - x", None),
]

RULES: dict[str, list[tuple[str, str, Guard]]] = {
    "add": ADD,
    "sub": SUB,
    "mul": MUL,
    "floordiv": FLOORDIV,
    "floormod": FLOORMOD,
    "min": MIN,
    "max": MAX,
    "eq": EQ,
    "ne": NE,
    "lt": LT,
    "le": LE,
    "not": NOT,
    "and": AND,
    "or": OR,
    "neg": NEG,
}
