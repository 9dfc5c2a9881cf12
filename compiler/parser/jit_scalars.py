"""The values the real `@pl.jit` specialises a JIT entry's scalar parameters with.

The real specializer replaces each read of a scalar parameter by the int/float/bool the
call passed (`pypto/jit/specializer.py`, `visit_Name`), before the parse: the parameter
stays in the signature, its uses become literals, and a kernel that read it gets a
constant instead of a scalar argument. pto-lsp reads the calls the file's own `__main__`
makes (`compiler.syntax.jit_calls`). A scalar whose value is not one static value there is
not specialised; the entry's kernels are then not emitted (`Function.jit_unspecialised`
says why).
"""

from __future__ import annotations

import ast
import re
from typing import Any

from compiler.ir import Param, ScalarType, TensorType
from compiler.syntax.jit_calls import JIT_CALLS, UNSTATIC


def call_tensor_annotations(
    node: ast.FunctionDef, params: list[Param], env_values: dict[str, Any]
) -> dict[str, ast.expr]:
    """For each bare `pl.Tensor` parameter (no shape: the real `@pl.jit` reads it from the
    call's torch tensor), the annotation the real specializer writes from the file's one
    call (`pl.Tensor[[128, 128], pl.FP32]`, in `pl.Out[...]` where it was). None where the
    file's `__main__` does not give one shape and dtype, or where the body declares dynamic
    dimensions (`bind_dynamic`, not modelled)."""
    bare = [
        (index, param)
        for index, param in enumerate(params)
        if isinstance(param.var.type, TensorType) and param.var.type.shape is None
    ]
    calls = dict(env_values.get(JIT_CALLS, ())).get(node.name, ())
    if not bare or not calls or "bind_dynamic" in ast.unparse(node):
        return {}
    names = [param.var.name for param in params]
    arguments = {arg.arg: arg for arg in [*node.args.posonlyargs, *node.args.args]}
    found: dict[str, ast.expr] = {}
    for _, param in bare:
        name = param.var.name
        seen = {_argument(call, name, names, {}) for call in calls}
        arg = arguments.get(name)
        if len(seen) != 1 or arg is None or arg.annotation is None:
            continue
        value = seen.pop()
        if not (isinstance(value, tuple) and value[:1] == ("tensor",)):
            continue
        shape = ", ".join(map(str, value[1]))
        written = _BARE_TENSOR.sub(rf"\1.Tensor[[{shape}], \1.{value[2]}]", ast.unparse(arg.annotation))
        found[name] = ast.parse(written, mode="eval").body
    return found


_BARE_TENSOR = re.compile(r"\b(\w+)\.Tensor\b(?!\[)")


def specialised_scalars(
    node: ast.FunctionDef, params: list[Param], env_values: dict[str, Any]
) -> tuple[dict[str, bool | int | float], str]:
    """The scalar parameters' values, and why not where one has none ("": each has one)."""
    scalars = [param.var.name for param in params if isinstance(param.var.type, ScalarType)]
    if not scalars:
        return {}, ""
    calls = dict(env_values.get(JIT_CALLS, ())).get(node.name, ())
    names = [param.var.name for param in params]
    defaults = _defaults(node)
    rebound = _stored_names(node)
    values: dict[str, bool | int | float] = {}
    for scalar in scalars:
        what = f"the real @pl.jit specialises the scalar parameter '{scalar}' of '{node.name}' with the call's value"
        if not calls:
            return {}, f"{what}, and the file's `__main__` does not call '{node.name}'"
        seen = {_argument(call, scalar, names, defaults) for call in calls}
        if UNSTATIC in seen:
            return {}, f"{what}, which is not static in the file's `__main__`"
        if len(seen) > 1:
            return {}, f"{what}: the file's `__main__` calls it with {len(seen)} values (one kernel each)"
        if scalar in rebound:
            return {}, f"{what}; the body rebinds '{scalar}', which is not modelled"
        values[scalar] = seen.pop()
    return values, ""


def _argument(call: tuple[Any, ...], name: str, names: list[str], defaults: dict[str, Any]) -> Any:
    for (kind, key), value in call:
        if (kind == "kw" and key == name) or (kind == "pos" and key < len(names) and names[key] == name):
            return value
        if kind == "kw" and key == "*":  # the call's arguments are not known
            return UNSTATIC
    return defaults.get(name, UNSTATIC)


def _defaults(node: ast.FunctionDef) -> dict[str, Any]:
    positional = [*node.args.posonlyargs, *node.args.args]
    pairs = list(zip(positional[::-1], node.args.defaults[::-1], strict=False))
    pairs += [(a, d) for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True) if d]
    return {
        arg.arg: default.value
        for arg, default in pairs
        if isinstance(default, ast.Constant) and isinstance(default.value, (bool, int, float))
    }


def _stored_names(node: ast.FunctionDef) -> set[str]:
    return {
        child.id
        for stmt in node.body
        for child in ast.walk(stmt)
        if isinstance(child, ast.Name) and not isinstance(child.ctx, ast.Load)
    }
