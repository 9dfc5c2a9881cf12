"""The extent of a subscript's slice `lower:upper`, as the real parser folds it.

The real parser builds `x[r:r + 64, :]` as `tensor.slice(x, [64, n], [r, 0])`: each extent
is `upper - lower` simplified, here folded when it is a constant (`r:r + k`,
`i * 64:(i + 1) * 64`, `:k`, `a:`, `:`); None when the difference is not one.
"""

from __future__ import annotations

from compiler.ir import BinaryExpr, Const, Expr, Var

Linear = tuple[dict[int, int], int]  # (var id -> coefficient, constant)


def static_extent(lower: Expr | None, upper: Expr | None, dim: object) -> int | None:
    """The extent of `lower:upper` in a dimension of size `dim` when it is a constant."""
    low = _linear(lower) if lower is not None else ({}, 0)
    high = _linear(upper) if upper is not None else (({}, dim) if isinstance(dim, int) else None)
    if low is None or high is None or low[0] != high[0]:
        return None
    return high[1] - low[1]


def _linear(expr: Expr) -> Linear | None:
    """`expr` as a sum of integer multiples of vars plus a constant, None when it is not one."""
    if isinstance(expr, Const):
        value = expr.value
        return ({}, value) if isinstance(value, int) and not isinstance(value, bool) else None
    if isinstance(expr, Var):
        return {id(expr): 1}, 0
    if not isinstance(expr, BinaryExpr) or expr.op not in ("add", "sub", "mul"):
        return None
    lhs, rhs = _linear(expr.lhs), _linear(expr.rhs)
    if lhs is None or rhs is None:
        return None
    if expr.op == "mul":
        if not lhs[0]:
            lhs, rhs = rhs, lhs
        if rhs[0]:
            return None  # a product of two vars
        factor = rhs[1]
        return {key: coeff * factor for key, coeff in lhs[0].items() if coeff * factor}, lhs[1] * factor
    sign = 1 if expr.op == "add" else -1
    terms = dict(lhs[0])
    for key, coeff in rhs[0].items():
        terms[key] = terms.get(key, 0) + sign * coeff
    return {key: coeff for key, coeff in terms.items() if coeff}, lhs[1] + sign * rhs[1]
