"""ConvertToSSA, as far as names go: every binding gets its SSA name.

Our IR is SSA by identity already (each binding is its own Var), so the pass
only renames, the way the real dumps spell it: parameters and assignments
`<name>__ssa_v<n>`, loop variables `__idx_v<n>`, loop-carried values `__iter_v<n>`,
loop and branch results `__rv_v<n>`, with one version counter per user name in
the order the bindings appear. Declarations follow their Var, so a scope's
`cache_policy_vars` names the renamed binding without remapping. The real pass
also turns plain rebinding inside a loop into iter-args; that is not modelled.
"""

from __future__ import annotations

import re

from compiler.ir import (
    AssignStmt,
    Call,
    ForStmt,
    IfStmt,
    Program,
    ScopeStmt,
    Stmt,
    SubscriptIndex,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.visit import bound_vars, walk_stmts

_SUFFIX = re.compile(r"__(?:ssa|idx|iter|rv|tmp)_v\d+$")


def base_name(name: str) -> str:
    """The user's name of a renamed var (`b__ssa_v0` -> `b`), as `GetBaseName` gives it."""
    return _SUFFIX.sub("", name)


def _is_subscript_store(stmt: Stmt) -> bool:
    if not isinstance(stmt, AssignStmt) or not isinstance(stmt.value, Call):
        return False
    args = stmt.value.args
    return (
        stmt.value.op == "tensor.assemble"
        and len(args) == 3
        and isinstance(args[0], Var)
        and isinstance(args[2], SubscriptIndex)
    )


class _Renamer:
    """One version counter per user name, across kinds, in binding order."""

    def __init__(self) -> None:
        self.counters: dict[str, int] = {}

    def __call__(self, var: Var, kind: str) -> None:
        if var.name.startswith("_tuple_tmp") or _SUFFIX.search(var.name):
            return  # a parser temporary, or a name a dump already gave it
        version = self.counters.get(var.name, 0)
        self.counters[var.name] = version + 1
        var.name = f"{var.name}__{kind}_v{version}"


def convert_to_ssa(program: Program) -> Program:
    for function in program.functions:
        rename = _Renamer()

        for param in function.params:
            rename(param.var, "ssa")
        for stmt in walk_stmts(function.body):
            if isinstance(stmt, ForStmt):
                if stmt.loop_var is not None:
                    rename(stmt.loop_var, "idx")
                for var in stmt.iter_args:
                    rename(var, "iter")
                for var in stmt.return_vars:
                    rename(var, "rv")
            elif isinstance(stmt, WhileStmt):
                for var in stmt.iter_args:
                    rename(var, "iter")
                for var in stmt.return_vars:
                    rename(var, "rv")
            elif isinstance(stmt, (YieldStmt, IfStmt)):
                for var in bound_vars(stmt):
                    rename(var, "rv")
            elif _is_subscript_store(stmt):
                # `dst[...] = src` keeps dst's name: the dump writes it as the same sugar,
                # since the window it stores into is only known as written.
                stmt.var.name = stmt.value.args[0].name  # type: ignore[attr-defined, union-attr]
            elif not isinstance(stmt, ScopeStmt) or stmt.attr("task_id_var") is not None:
                for var in bound_vars(stmt):
                    rename(var, "ssa")
    return program
