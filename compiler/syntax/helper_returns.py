"""What a call of a `@pl.jit` helper without a return annotation binds, read from its source.

The real `@pl.jit` specializer writes each helper an entry calls into the program it
compiles, and annotates the helper's return from its source (`_infer_return_type` in
`pypto/jit/specializer.py`): `return a, b` of tensor parameters is a tuple of their
types, `return a` of one is that type, and otherwise the first `pl.Out` parameter's type;
a parameter's type there is the one of the tensor the caller passes it. `return f(...)`
gets no annotation (the parser then derives the type from the body: not modelled here).

The summary is syntactic (parameter names and positions), so that a caller's parse can
type the call from the arguments it passes, without the helper's parse.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

# The helpers the specializer annotates this way (the entry kinds are compiled on their own).
HELPER_DECORATORS = frozenset({"jit.inline", "jit.incore", "jit.opaque", "jit.extern"})


@dataclass(frozen=True)
class HelperReturn:
    """The parameters whose types a call of the helper binds (positions among `params`);
    `as_tuple`: the result is a tuple of them (`return a, b`), else the one type."""

    params: tuple[str, ...]
    returned: tuple[int, ...]
    as_tuple: bool


def helper_return(node: ast.FunctionDef | ast.AsyncFunctionDef) -> HelperReturn | None:
    """The summary of the return the specializer infers for `node` if it is a helper (see
    `HELPER_DECORATORS`: the caller knows its decorator), None when it infers none or
    takes it from the return annotation (a `pl.Scalar[...]` one, or a tuple's element that
    is no parameter: not modelled). Any other annotation it drops: a bare `-> pl.Tensor`
    of an external kernel is the type of its first `pl.Out` parameter's tensor."""
    params = tuple(arg.arg for arg in node.args.args if arg.arg != "self")
    tensors = {arg.arg for arg in node.args.args if arg.annotation is not None and _is_tensor(arg.annotation)}
    # (the first return with a value in `ast.walk`'s order, as the specializer takes it)
    value = next(
        (n.value for n in ast.walk(node) if isinstance(n, ast.Return) and n.value is not None),
        None,
    )
    if isinstance(value, ast.Tuple):
        names = [elt.id if isinstance(elt, ast.Name) else None for elt in value.elts]
        if not names or any(name not in tensors for name in names):
            return None  # an element the specializer cannot type: no annotation
        return HelperReturn(params, tuple(params.index(name) for name in names if name), True)
    if isinstance(value, ast.Call) or (value is not None and _is_scalar(node.returns)):
        return None
    if isinstance(value, ast.Name) and value.id in tensors:
        return HelperReturn(params, (params.index(value.id),), False)
    first_out = next(
        (arg.arg for arg in node.args.args if arg.annotation is not None and _is_out_tensor(arg.annotation)),
        None,
    )
    if first_out is not None:
        return HelperReturn(params, (params.index(first_out),), False)
    return None


def _is_scalar(annotation: ast.expr | None) -> bool:
    return isinstance(annotation, ast.Subscript) and _last_name(annotation.value) == "Scalar"


def _is_tensor(annotation: ast.expr) -> bool:
    """A tensor parameter as the specializer classifies it: `pl.Tensor[...]` (bare or
    subscripted, a DistributedTensor too), or one wrapped in `pl.Out` / `pl.InOut`."""
    if isinstance(annotation, ast.Subscript) and _last_name(annotation.value) in ("Out", "InOut"):
        return _is_tensor_like(annotation.slice)
    return _is_tensor_like(annotation)


def _is_out_tensor(annotation: ast.expr) -> bool:
    return (
        isinstance(annotation, ast.Subscript)
        and _last_name(annotation.value) == "Out"
        and _is_tensor_like(annotation.slice)
    )


def _is_tensor_like(node: ast.expr) -> bool:
    if isinstance(node, ast.Subscript):
        return _is_tensor_like(node.value)
    return _last_name(node) in ("Tensor", "DistributedTensor")


def _last_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None
