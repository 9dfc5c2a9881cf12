"""The return type of an unannotated `@pl.jit.inline` function that hands back its own
parameters (`return local_out, signal`), as an annotation the resolver reads.

Such a helper's caller unpacks what it returns (`o_local, o_signal = helper(...)`); the real
parser gives the call the types the helper's body returns, which for a parameter the body
never rebinds is the parameter's own annotation (less its `pl.Out` / `pl.InOut` marker). Any
other helper keeps no return type (its call's type is not known here).
"""

from __future__ import annotations

import ast

_INLINE_DECORATORS = ("jit.inline", "pl.inline")
_DIRECTION_MARKERS = ("Out", "InOut")


def derived_returns(stmt: ast.stmt) -> ast.expr | None:
    """`tuple[A, B]` (or `A` alone) for an unannotated inline function whose last statement
    returns parameters it never rebinds, annotated A, B; None otherwise."""
    if not isinstance(stmt, ast.FunctionDef) or stmt.returns is not None or not stmt.body:
        return None
    if not any(_is_inline(decorator) for decorator in stmt.decorator_list):
        return None
    last = stmt.body[-1]
    if not isinstance(last, ast.Return) or last.value is None:
        return None
    returned = last.value.elts if isinstance(last.value, ast.Tuple) else [last.value]
    if not returned or not all(isinstance(item, ast.Name) for item in returned):
        return None
    annotations = {arg.arg: arg.annotation for arg in [*stmt.args.posonlyargs, *stmt.args.args]}
    names = [item.id for item in returned]  # type: ignore[attr-defined]
    if any(annotations.get(name) is None for name in names):
        return None
    rebound = {
        node.id
        for part in stmt.body
        for node in ast.walk(part)
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load)
    }
    if rebound.intersection(names):
        return None
    types = [_without_direction(annotations[name]) for name in names]  # type: ignore[arg-type]
    if len(types) == 1 and not isinstance(last.value, ast.Tuple):
        return types[0]
    tuple_of = ast.Subscript(ast.Name("tuple", ast.Load()), ast.Tuple(types, ast.Load()), ast.Load())
    return ast.copy_location(tuple_of, last)


def _is_inline(decorator: ast.expr) -> bool:
    path = []
    node = decorator
    while isinstance(node, ast.Attribute):
        path.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        path.append(node.id)
    return ".".join(reversed(path)).endswith(_INLINE_DECORATORS)


def _without_direction(annotation: ast.expr) -> ast.expr:
    """`pl.InOut[T]` / `pl.Out[T]` -> `T`."""
    if (
        isinstance(annotation, ast.Subscript)
        and isinstance(annotation.value, ast.Attribute)
        and annotation.value.attr in _DIRECTION_MARKERS
    ):
        return annotation.slice
    return annotation
