"""The PTO modules the real codegen writes for a program, and the kernels each holds.

The real backend (`pypto/backend/pto_backend.py`) writes one module per Group function,
named after the Group (`kernels/<group>.pto`), holding every function the Group calls
(its members, in the order its body calls them); and one module per InCore kernel no
Group calls, named after the kernel. A `pl.cluster` outlined by OutlineClusterScopes is
such a Group (`<parent>_cluster_<n>`), and so is a `@pl.function(type=Group)`.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.ir import Function, FunctionType
from compiler.ir.visit import own_calls, walk_stmts


@dataclass(frozen=True)
class KernelUnit:
    """One module: the function it is named after (a Group, or the kernel itself) and the
    kernels it holds."""

    named: Function
    members: list[Function]

    @property
    def name(self) -> str:
        return self.named.name


def kernel_units(functions: list[Function]) -> list[KernelUnit]:
    """The modules of a program's functions (those of a free function, compiled as a
    program of its own): each Group's and each InCore kernel's no Group calls, in the
    order the functions are held."""
    by_name = {function.name: function for function in functions}
    groups: dict[int, KernelUnit] = {}
    for function in functions:
        if function.func_type is FunctionType.GROUP:
            members = [by_name[name] for name in _callees(function) if name in by_name]
            if members:
                groups[id(function)] = KernelUnit(function, members)
    grouped = {member.name for unit in groups.values() for member in unit.members}
    units: list[KernelUnit] = []
    for function in functions:
        if id(function) in groups:
            units.append(groups[id(function)])
        elif function.func_type is FunctionType.INCORE and function.name not in grouped:
            units.append(KernelUnit(function, [function]))
    return units


def _callees(function: Function) -> list[str]:
    """The functions a Group's body calls, in call order, each once."""
    names: dict[str, None] = {}
    for stmt in walk_stmts(function.body):
        for call in own_calls(stmt):
            if call.op.startswith("self."):
                names.setdefault(call.op.removeprefix("self."), None)
    return list(names)
