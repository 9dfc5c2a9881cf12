"""The program the real `@pl.jit` compiles for an entry: the entry and its dependencies.

The real decorator (`pypto/jit/decorator.py`) finds, from the entry's globals, every
`@pl.jit.inline` / `.incore` / `.opaque` function its body calls, and theirs in turn; the
specializer writes them all into one `@pl.program` class, each call of a dependency
becoming `self.<name>(...)` (`pypto/jit/specializer.py`). InlineFunctions then splices the
inline ones into the entry, and the entry's scopes are outlined from there: the kernels
take their names in the entry (`proj`, `proj_0`, `proj_1` for three calls of one helper
with `name_hint="proj"`), not in the helper compiled alone.

pto-lsp reads one file: a dependency imported from another module is not known, and the
entry's kernels are then not known either (`JitProgram.why_not`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from compiler.ir import AssignStmt, Call, Function, Program, ReturnStmt, TensorType, Var
from compiler.ir.copying import copy_ir
from compiler.ir.types import IRType, UnknownType
from compiler.ir.visit import own_calls, walk_stmts
from compiler.lowering.outlining import outlined_scopes

# The `@pl.jit` forms compiled as an entry (`fn(...)`, `fn.compile(...)`).
ENTRY_DECORATORS = frozenset({"jit", "jit.host"})
# What a function's calls may reach as a dependency (`_discover_deps`): a host entry also
# the `@pl.jit` chip orchestrators it dispatches; an external kernel is one too (its C++ is
# not PTO the codegen writes: not modelled).
_DEPENDENCY_DECORATORS = frozenset({"jit.inline", "jit.incore", "jit.opaque"})
_HOST_DEPENDENCY_DECORATORS = _DEPENDENCY_DECORATORS | {"jit"}
_EXTERNAL = "jit.extern"
_OPAQUE = "jit.opaque"


@dataclass
class JitProgram:
    """The program of `entry` and its dependencies (None when one is not in the file:
    `why_not` says which)."""

    entry: Function
    dependencies: list[Function]
    why_not: str = ""

    @cached_property
    def program(self) -> Program | None:
        """Made of copies when first asked (the free functions stay as they are): a caller
        that kept what it derived from the same functions need not copy them again."""
        return None if self.why_not else _program(self.entry, self.dependencies)


LONE_INLINE_HELPER = (
    "a @pl.jit.inline helper has kernels only where a @pl.jit entry calls it (they are outlined "
    "from the entry, and named there), and no entry of this file calls it"
)


def jit_programs(functions: list[Function]) -> dict[int, JitProgram]:
    """id(entry) -> the program the real `@pl.jit` compiles for it, for each `@pl.jit`
    entry of `functions` (a module's free functions) that calls other functions."""
    found = {}
    names = _free_names(functions)
    for function in functions:
        if function.decorator in ENTRY_DECORATORS:
            program = _resolved(function, *names)
            if program is not None:
                found[id(function)] = program
    return found


def compiled_in_entries(entries: dict[int, JitProgram]) -> set[int]:
    """The ids of the functions compiled only as part of the entries that call them (an
    entry a host entry dispatches is compiled on its own too)."""
    return {
        id(d) for found in entries.values() for d in found.dependencies if d.decorator not in ENTRY_DECORATORS
    }


def is_lone_inline_helper(function: Function) -> bool:
    """An inline helper with scopes to outline that no entry compiles (its id not among
    `compiled_in_entries`, the caller's check): the real `helper.compile()` writes no kernel
    of it (`LONE_INLINE_HELPER`)."""
    return function.decorator == "jit.inline" and bool(outlined_scopes(function))


def called_functions(function: Function) -> list[str]:
    """The bare names `function` calls as functions (a DSL op's name has a dot), in call order."""
    names: dict[str, None] = {}
    for stmt in walk_stmts(function.body):
        for call in own_calls(stmt):
            if "." not in call.op:
                names.setdefault(call.op, None)
    return list(names)


def _free_names(
    free_functions: list[Function],
) -> tuple[dict[str, Function], dict[str, list[int]]]:
    """Each free function by name (the last definition), and the lines of each name defined
    more than once."""
    by_name: dict[str, Function] = {}
    defined_again: dict[str, list[int]] = {}
    for function in free_functions:
        if function.name in by_name:
            lines = defined_again.setdefault(function.name, [by_name[function.name].span.start_line])
            lines.append(function.span.start_line)
        by_name[function.name] = function
    return by_name, defined_again


def _resolved(
    entry: Function, by_name: dict[str, Function], defined_again: dict[str, list[int]]
) -> JitProgram | None:
    """The program the real `@pl.jit` compiles for `entry` (`by_name`: the module's free
    functions), its dependencies found now, the program copied only when asked
    (`JitProgram.program`); None when `entry` calls no function (it is compiled alone)."""
    order: list[Function] = []
    missing: list[str] = []
    ambiguous: list[str] = []
    external: list[str] = []
    admitted = _HOST_DEPENDENCY_DECORATORS if entry.decorator == "jit.host" else _DEPENDENCY_DECORATORS
    pending = [(name, admitted) for name in called_functions(entry)]
    seen = {name for name, _ in pending}
    while pending:
        name, allowed = pending.pop(0)
        dependency = by_name.get(name)
        if name in defined_again:
            ambiguous.append(name)
            continue
        if dependency is not None and dependency.decorator == _EXTERNAL:
            external.append(name)
            continue
        if dependency is not None and dependency.decorator == _OPAQUE:
            return JitProgram(
                entry,
                order,
                f"'{entry.name}' calls the @pl.jit.opaque function '{name}': an entry compiled with an "
                "opaque helper is not modelled: its kernels are not known",
            )
        if dependency is None:
            missing.append(name)
            continue
        if dependency.decorator not in allowed:
            # (a plain `@pl.jit` entry calling another: the real one makes it no dependency)
            return JitProgram(
                entry,
                order,
                f"'{entry.name}' calls '{name}', a @{dependency.decorator.replace('jit', 'pl.jit', 1)} "
                "function the real @pl.jit does not compile into it: its kernels are not known",
            )
        order.append(dependency)
        for callee in called_functions(dependency):
            if callee not in seen:
                seen.add(callee)
                pending.append((callee, _DEPENDENCY_DECORATORS))
    if not order and not missing and not ambiguous and not external:
        return None
    if external:
        listed = ", ".join(f"'{name}'" for name in external)
        why = (
            f"'{entry.name}' calls the external kernel {listed} (@pl.jit.extern), whose program "
            "form is not modelled: its kernels are not known"
        )
        return JitProgram(entry, order, why)
    if ambiguous:
        listed = "; ".join(
            f"'{name}' (lines {', '.join(map(str, defined_again[name]))})" for name in ambiguous
        )
        why = (
            f"'{entry.name}' calls a function the file defines more than once: {listed}; which "
            "definition the call reaches is decided when the file runs: its kernels are not known"
        )
        return JitProgram(entry, order, why)
    if missing:
        listed = ", ".join(f"'{name}'" for name in missing)
        why = (
            f"'{entry.name}' calls {listed}, not defined in this file (imported from another module, "
            "which pto-lsp does not read): its kernels are not known"
        )
        return JitProgram(entry, order, why)
    return JitProgram(entry, order)


def _program(entry: Function, order: list[Function]) -> Program:
    """The entry's program: copies of its dependencies and of it, each dependency's call a
    method call."""
    functions: list[Function] = copy_ir([*order, entry])
    names = {function.name for function in order}
    for function in functions:
        for stmt in walk_stmts(function.body):
            for call in own_calls(stmt):
                if call.op in names:
                    _call_as_method(call)
    _type_incore_results(functions)
    return Program(entry.name, functions, entry.span, jit_entry=True)


def _type_incore_results(functions: list[Function]) -> None:
    """The real specializer annotates a `@pl.jit.incore` helper's return with the types of
    the parameters it returns (`_infer_return_type`): a call of it binds a value of that
    type (ours had none: the helper is parsed without a return annotation)."""
    returned: dict[str, IRType] = {}
    for function in functions:
        if function.decorator != "jit.incore" or function.return_types or not function.body.stmts:
            continue
        last = function.body.stmts[-1]
        params = {param.var.name: param.var.type for param in function.params}
        if isinstance(last, ReturnStmt) and len(last.values) == 1 and isinstance(last.values[0], Var):
            # (by name, as the specializer reads the source: `return y` of a parameter `y`)
            found = params.get(last.values[0].name)
            if isinstance(found, TensorType):
                returned[f"self.{function.name}"] = found
    for function in functions:
        for stmt in walk_stmts(function.body):
            if (
                isinstance(stmt, AssignStmt)
                and isinstance(stmt.value, Call)
                and stmt.value.op in returned
                and isinstance(stmt.var.type, UnknownType)
            ):
                stmt.var.type = stmt.value.type = returned[stmt.value.op]


def _call_as_method(call: Call) -> None:
    """`helper(x)` -> `self.helper(x)`, as the real specializer writes a dependency's call."""
    call.op = f"self.{call.op}"
