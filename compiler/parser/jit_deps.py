"""The `@pl.jit.<kind>` helpers a `@pl.jit` entry calls, as the real specializer binds them.

The real `@pl.jit` (`pypto/jit/decorator.py`) compiles an entry together with the
`@pl.jit.inline` / `@pl.jit.incore` / ... functions it calls (its dependencies). Each
dependency's tensor parameters take their shape and dtype from the FIRST call of it in the
entry's body: a positional argument binds the parameter at its index, a keyword one the
parameter it names. A tensor parameter that call leaves unbound, or binds to a literal, has
no metadata: the specializer refuses the program before anything is parsed (a ValueError
with no place). The call itself is rewritten to `self.<dep>(...)` with the keyword
arguments moved into their positions, so the parser then counts the arguments as a
kernel call's.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from compiler.parser.errors import FrontEndError
from compiler.syntax.environment import ModuleEnvironment
from compiler.syntax.values import DslFunction


@dataclass(frozen=True)
class DepSignature:
    params: tuple[str, ...]
    tensors: frozenset[str]  # the parameters annotated as tensors
    returns_tensor: bool = False  # its body ends returning one of its tensor parameters


def dep_signatures(env: ModuleEnvironment) -> dict[str, DepSignature]:
    """The module's `@pl.jit.<kind>` functions, by name (found once per environment: every
    JIT function of the module asks, and the module's values are many)."""
    found = env.derived.get(_DEP_SIGNATURES)
    if found is None:
        found = env.derived[_DEP_SIGNATURES] = _dep_signatures(env)
    return found


_DEP_SIGNATURES = "jit dependency signatures"


def _dep_signatures(env: ModuleEnvironment) -> dict[str, DepSignature]:
    return {
        name: DepSignature(value.params, value.tensor_params, _returns_one_tensor(value))
        for name, value in env.values.items()
        if isinstance(value, DslFunction)
        and value.decorator.startswith("jit.")
        and value.decorator != "jit.extern"
        and value.params  # one imported from another file is summarised without them
    }


def _returns_one_tensor(helper: DslFunction) -> bool:
    """The specializer types a call of it as one of the tensors passed (`helper_returns`)."""
    inferred = helper.inferred_return
    return inferred is not None and not inferred.as_tuple and len(inferred.returned) == 1


def unbound_tensor_error(entry: ast.FunctionDef, deps: dict[str, DepSignature]) -> FrontEndError | None:
    """The specializer's refusal of a dependency tensor parameter its first call leaves
    without metadata (unbound, or bound to a literal), pointed at that call."""
    if not deps:
        return None  # no helper to bind: nothing to look for
    firsts: dict[str, ast.Call] = {}
    for node in ast.walk(entry):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in deps:
            first = firsts.get(node.func.id)
            if first is None or (node.lineno, node.col_offset) < (first.lineno, first.col_offset):
                firsts[node.func.id] = node
    for name, call in firsts.items():
        if any(isinstance(arg, ast.Starred) for arg in call.args) or any(
            kw.arg is None for kw in call.keywords
        ):
            continue  # `*xs` / `**kw`: what binds what is not known
        signature = deps[name]
        bound = dict(zip(signature.params, call.args))
        bound.update((kw.arg, kw.value) for kw in call.keywords if kw.arg is not None)
        for param in signature.params:
            value = bound.get(param)
            if param in signature.tensors and (value is None or isinstance(value, ast.Constant)):
                return FrontEndError(
                    "ValueError",
                    f"@pl.jit: missing inferred tensor metadata for parameter '{param}'. "
                    "This usually means the tensor's shape/dtype could not be statically "
                    "determined. Pass the tensor directly as a function argument, or "
                    "ensure any intermediate pl.create_tensor() used for this parameter "
                    "has a statically inferable shape and dtype.",
                    call,
                )
    return None


def rewritten_argument_count(call: ast.Call, signature: DepSignature) -> int | None:
    """How many arguments the rewritten `self.<dep>(...)` passes: the positional ones and
    the keywords naming a parameter past them (None with `*xs` / `**kw`)."""
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(kw.arg is None for kw in call.keywords):
        return None
    keywords = {kw.arg for kw in call.keywords}
    return len(call.args) + sum(1 for param in signature.params[len(call.args) :] if param in keywords)
