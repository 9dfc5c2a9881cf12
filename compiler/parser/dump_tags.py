"""`pl.dump_tag(t)`: the statement's rules in the real parser's order (`_handle_dump_tag`):
only in an Orchestration or Inline function, one positional argument and no keyword, a bare
name, bound at this point, to a tensor. No IR statement is emitted for it."""

from __future__ import annotations

import ast
from collections.abc import Callable

from compiler.ir import FunctionType, IRType, TensorType, UnknownType, Var
from compiler.parser.errors import syntax_error, type_error

_PLACE_HINT = (
    "Move the pl.dump_tag(...) marker into the @pl.function(type=pl."
    "FunctionType.Orchestration) function whose tasks consume the tagged "
    "tensor, or into an @pl.jit.inline / @pl.function(type=pl."
    "FunctionType.Inline) helper that the orchestration inlines. Selective "
    "tensor dump is filtered per kernel call by the orchestration codegen; "
    "kernel-body (AIV / AIC / Group) usage has no effect."
)


def check_dump_tag(stmt: ast.Expr, function_type: FunctionType, lookup: Callable[[str], Var | None]) -> None:
    call = stmt.value
    assert isinstance(call, ast.Call)
    if function_type not in (FunctionType.ORCHESTRATION, FunctionType.INLINE):
        raise syntax_error(
            "pl.dump_tag() is only valid inside an Orchestration or Inline function", stmt, _PLACE_HINT
        )
    if len(call.args) != 1 or call.keywords:
        raise syntax_error(
            "pl.dump_tag() takes exactly one positional argument (no keywords)",
            stmt,
            "Use: pl.dump_tag(tensor_var)",
        )
    argument = call.args[0]
    if not isinstance(argument, ast.Name):
        raise syntax_error(
            "pl.dump_tag() argument must be a bare variable name",
            argument,
            "Write pl.dump_tag(q) where q is a tensor variable bound in this "
            "orchestration scope. Attribute / subscript / call expressions are "
            "not supported.",
        )
    var = lookup(argument.id)
    if var is None:
        raise syntax_error(
            f"pl.dump_tag() argument '{argument.id}' is not defined at this point",
            stmt,
            "Tag a tensor only after it is bound (a parameter or an earlier assignment).",
        )
    if not _maybe_tensor(var.type):
        raise type_error(
            f"pl.dump_tag() argument '{argument.id}' is not a tensor (got Var)",
            argument,
            "Only tensors can be selectively dumped.",
        )


def _maybe_tensor(ir_type: IRType) -> bool:
    return isinstance(ir_type, (TensorType, UnknownType))
