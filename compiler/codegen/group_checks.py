"""PTO codegen's refusal of a store into something that is not a tensor variable.

A Group function's members (its AIC and AIV kernels) are emitted as one PTO module,
each member's parameters bound to what the Group passes it. When the Group passes a
literal (`self.cube(a, b, 0)`) where the member stores into that tensor parameter
(`pl.store(result, [0, 0], output)`), the store's destination is that literal, and the
store's codegen stops: `tile.store output_tensor must be a Var or IterArg`, at the
store. The real compiler reports it for the Group (an InternalError in `ir.compile`'s
report). A literal passed to a parameter the member only reads is not judged here.
"""

from __future__ import annotations

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.ir import Call, Const, Function, FunctionType, Program, TensorType, Var
from compiler.ir.visit import own_calls, walk_stmts

STORE_TARGET_MESSAGE = "tile.store output_tensor must be a Var or IterArg"
_MEMBERS = frozenset({FunctionType.AIC, FunctionType.AIV, FunctionType.INCORE})


def group_errors(program: Program) -> list[Diagnostic]:
    """Stores of Group members into a tensor parameter the Group passes a literal for."""
    by_name = {f.name: f for f in program.functions}
    found: list[Diagnostic] = []
    for group in program.functions:
        if group.func_type is not FunctionType.GROUP:
            continue
        for stmt in walk_stmts(group.body):
            for call in own_calls(stmt):
                member = by_name.get(call.op.removeprefix("self.")) if call.op.startswith("self.") else None
                if member is not None and member.func_type in _MEMBERS:
                    found.extend(_literal_store_targets(member, call, group))
    return found


def _literal_store_targets(member: Function, call: Call, group: Function) -> list[Diagnostic]:
    literal = {
        id(param.var)
        for param, arg in zip(member.params, call.args)
        if isinstance(param.var.type, TensorType) and isinstance(arg, Const)
    }
    if not literal:
        return []
    return [
        Diagnostic(
            codes.STORE_TARGET_NOT_A_VAR,
            STORE_TARGET_MESSAGE,
            store.span,
            stage=Stage.PTO_CODEGEN,
            exception="RuntimeError",
        ).with_related(call.span, f"Group function '{group.name}' passes a literal for the stored tensor")
        for stmt in walk_stmts(member.body)
        for store in own_calls(stmt)
        if store.op == "tile.store"
        and len(store.args) > 2
        and isinstance(store.args[2], Var)
        and id(store.args[2]) in literal
    ]
