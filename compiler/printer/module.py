"""Programs and modules: the real printer's header, then the definitions.

    # pypto.program: <Name>
    import pypto.language as pl
    [import pypto.language.distributed as pld]

    [M = pl.dynamic("M")       one line per dynamic dim the program's types name]

    @pl.program
    class <Name>:
        ...

Like `Program.as_python()`, a program's text has no blank line between
functions and no newline at its end. Functions are printed as the real printer
orders them: by name, each after the program's functions it calls (so a re-parse
knows a callee before its call).
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Sequence
from typing import Protocol

from compiler.ir import Call, Function, OpaqueExpr, Program
from compiler.ir.visit import bound_vars, own_exprs, walk_expr, walk_stmts
from compiler.printer.functions import print_function_lines
from compiler.printer.statements import Lines
from compiler.printer.types import shape_names
from compiler.syntax.environment import ModuleEnvironment
from compiler.syntax.values import UNKNOWN

IMPORT_PL = "import pypto.language as pl"
IMPORT_PLD = "import pypto.language.distributed as pld"
_IDENTIFIER = re.compile(r"[^\W\d]\w*")


def print_program(program: Program, environment: ModuleEnvironment | None = None) -> str:
    """A program as DSL text the parser reads back into the same IR.

    `environment` (the module's) tells which symbolic dims are `pl.dynamic`
    names, so that their declarations are printed too.
    """
    out = Lines()
    out.add(0, "@pl.program")
    out.add(0, f"class {program.name or 'Program'}:")
    for function in callees_first(program.functions):
        print_function_lines(function, 1, out, in_program=True)
    if not program.functions:
        out.add(1, "pass")
    body = "\n".join(out.lines)
    header = [f"# pypto.program: {program.name or 'Program'}", *_imports(body), ""]
    declarations = _dynamic_declarations(program.functions, environment)
    return "\n".join([*header, *declarations, *([""] if declarations else []), body])


def callees_first(functions: Sequence[Function]) -> list[Function]:
    """The functions by name, each after the ones it calls (depth first, callees by name);
    in the program's order if the calls make a cycle."""
    by_name = {function.name: function for function in functions}
    done: dict[str, Function] = {}
    open_names: set[str] = set()

    def visit(name: str) -> bool:
        if name in done:
            return True
        if name in open_names:
            return False
        open_names.add(name)
        if not all(visit(callee) for callee in sorted(_callees(by_name[name], by_name))):
            return False
        open_names.discard(name)
        done[name] = by_name[name]
        return True

    if len(by_name) != len(functions) or not all(visit(name) for name in sorted(by_name)):
        return list(functions)
    return list(done.values())


def _callees(function: Function, by_name: dict[str, Function]) -> set[str]:
    """The program's functions `function` calls (a call, or a kernel named to `pl.submit`)."""
    called: set[str] = set()
    for stmt in walk_stmts(function.body):
        for expr in (node for own in own_exprs(stmt) for node in walk_expr(own)):
            name = expr.op if isinstance(expr, Call) else expr.text if isinstance(expr, OpaqueExpr) else ""
            name = name.removeprefix("self.")
            if name in by_name:
                called.add(name)
    return called


def print_function(function: Function) -> str:
    """A module-level DSL function (no header: `print_module` writes the imports)."""
    out = Lines()
    print_function_lines(function, 0, out, in_program=False)
    return "\n".join(out.lines)


class AnalysedModule(Protocol):
    """What a module's analysis offers the printer (the printer sits below the analysis)."""

    @property
    def programs(self) -> list[Program]: ...
    @property
    def functions(self) -> list[Function]: ...
    @property
    def environment(self) -> ModuleEnvironment: ...


def print_module(analysis: AnalysedModule) -> str:
    """Every program and free DSL function of a module, in source order."""
    return print_definitions(analysis.programs, analysis.functions, analysis.environment)


def print_definitions(
    programs: Sequence[Program], functions: Sequence[Function], environment: ModuleEnvironment | None
) -> str:
    """Programs and free DSL functions (e.g. after passes), in source order."""
    definitions: list[Program | Function] = sorted(
        [*programs, *functions], key=lambda d: (d.span.start_line, d.span.start_col)
    )
    texts = [
        print_program(d, environment) if isinstance(d, Program) else print_function(d) for d in definitions
    ]
    if functions:
        # Free functions need the imports (and dims) a program's header would give them.
        free_text = "\n".join(t for d, t in zip(definitions, texts) if isinstance(d, Function))
        declarations = _dynamic_declarations(list(functions), environment)
        texts.insert(0, "\n".join([*_imports(free_text), *([""] if declarations else []), *declarations]))
    defined = _defined_names([*programs, *functions])
    return _with_unfolded_names("\n\n".join(texts), environment, texts, defined)


def _defined_names(definitions: Sequence[Program | Function]) -> frozenset[str]:
    """The names the definitions' own parameters and statements bind (as written: a
    pass's `dst__ssa_v4` is the program's `dst`): never a closure name to bind."""
    functions = [f for d in definitions for f in (d.functions if isinstance(d, Program) else [d])]
    names = {param.var.name for f in functions for param in f.params}
    names.update(var.name for f in functions for stmt in walk_stmts(f.body) for var in bound_vars(stmt))
    return frozenset(name.split("__")[0] or name for name in names)


_UNFOLDED = "...  # not folded statically"


def _with_unfolded_names(
    text: str,
    environment: ModuleEnvironment | None,
    pieces: Sequence[str] | None = None,
    defined: frozenset[str] = frozenset(),
) -> str:
    """The dump, with a placeholder binding for each closure name it reads whose value we
    could not fold (a module constant computed by a call, a local of a factory function).

    The real printer writes such values as literals; we cannot, so the dump names them
    and binds them to `...`, which this front end reads as "unknown value" again: the dump
    stays a module that parses back into the same IR (and prints the same placeholders).
    """
    unfolded = _unfolded_names(text, environment, pieces, defined)
    if not unfolded:
        return text
    lines = text.split("\n")
    after_imports = next(i for i, line in enumerate(lines) if line.startswith("import ")) + 1
    while after_imports < len(lines) and lines[after_imports].startswith("import "):
        after_imports += 1
    bindings = ["", *(f"{name} = {_UNFOLDED}" for name in unfolded)]
    return "\n".join([*lines[:after_imports], *bindings, *lines[after_imports:]])


def unfolded_names(
    definition: Program | Function, environment: ModuleEnvironment | None, neighbours: frozenset[str]
) -> list[str]:
    """The closure names `definition`'s dump reads whose values we could not fold: the real
    printer writes each as the literal it had when the program was built, so a dump of
    it with a placeholder is never the real one. `neighbours`: the names of the module's
    other definitions (the module's dump binds them)."""
    if isinstance(definition, Program):
        text = print_program(definition, environment)
    else:  # under the `pl.dynamic` declarations its dims need, as `print_definitions` prints it
        declarations = _dynamic_declarations([definition], environment)
        text = "\n".join([*declarations, print_function(definition)])
    return _unfolded_names(text, environment, None, _defined_names([definition]) | neighbours)


def _unfolded_names(
    text: str,
    environment: ModuleEnvironment | None,
    pieces: Sequence[str] | None = None,
    defined: frozenset[str] = frozenset(),
) -> list[str]:
    """The closure names the dump `text` reads and nothing folds, sorted.

    A name the program itself defines (`defined`) is never one: a read of it that the
    dump leaves unbound is the dump's to fix, not a closure value to invent.

    `pieces`, the texts `text` joins (each a whole module: a definition), are parsed one
    at a time: the same names, without the whole dump's tree in memory at once.
    """
    bound: set[str] = {"pl", "pld", "self"}
    read: set[str] = set()
    placeholders: set[str] = set()  # names the dump itself binds to the placeholder
    for piece in [text] if pieces is None else pieces:
        try:
            tree = ast.parse(piece)
        except (SyntaxError, ValueError, RecursionError):
            return []
        for node in _dsl_nodes(tree):
            if isinstance(node, ast.Name):
                (read.add if isinstance(node.ctx, ast.Load) else bound.add)(node.id)
            elif isinstance(node, ast.arg):
                bound.add(node.arg)
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                bound.add(node.name)
        placeholders.update(_placeholder_bindings(tree))
    values = environment.values if environment is not None else {}
    return sorted(
        {
            name
            for name in read
            if (
                (name not in bound and not hasattr(builtins, name))
                or (name in placeholders and values.get(name, None) is UNKNOWN)
            )
            # The real printer's mark of a var nothing binds (Simplify's copy of a
            # `while`'s carried var): a var of the IR, never a closure value.
            and not name.endswith("__FREE_VAR")
        }
        - {"pl", "pld", "self"}
        - defined
    )


def _dsl_nodes(tree: ast.Module) -> list[ast.AST]:
    """The nodes of a dump but those of a HOST SubWorker's body: plain Python the program
    runs as written, whose names are its own module's (no placeholder binds them)."""
    found: list[ast.AST] = []
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        found.append(node)
        children = list(ast.iter_child_nodes(node))
        if isinstance(node, ast.FunctionDef) and _is_host_sub_worker(node):
            children = [child for child in children if child not in node.body]
        pending.extend(children)
    return found


def _is_host_sub_worker(node: ast.FunctionDef) -> bool:
    decorators = [ast.unparse(decorator) for decorator in node.decorator_list]
    return any("pl.Level.HOST" in text and "pl.Role.SubWorker" in text for text in decorators)


def _placeholder_bindings(tree: ast.Module) -> set[str]:
    """The names the dump itself binds at module level to the placeholder (a re-read dump)."""
    return {
        target.id
        for stmt in tree.body
        if isinstance(stmt, ast.Assign)
        and isinstance(stmt.value, ast.Constant)
        and stmt.value.value is Ellipsis
        for target in stmt.targets
        if isinstance(target, ast.Name)
    }


def _imports(text: str) -> list[str]:
    return [IMPORT_PL, IMPORT_PLD] if "pld." in text else [IMPORT_PL]


def _dynamic_declarations(functions: Sequence[Function], environment: ModuleEnvironment | None) -> list[str]:
    """`M = pl.dynamic("M")` for each `pl.dynamic` dim the functions' types name, sorted."""
    if environment is None:
        return []
    names: set[str] = set()
    for function in functions:
        types = [*function.return_types, *(param.var.type for param in function.params)]
        types += [var.type for stmt in walk_stmts(function.body) for var in bound_vars(stmt)]
        for dim in (dim for ir_type in types for dim in shape_names(ir_type)):
            names.update(name for name in _IDENTIFIER.findall(dim) if environment.is_dynamic_dim(name))
    return [f'{name} = pl.dynamic("{name}")' for name in sorted(names)]
