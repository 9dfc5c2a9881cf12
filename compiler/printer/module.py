"""Programs and modules: the real printer's header, then the definitions.

    # pypto.program: <Name>
    import pypto.language as pl
    [import pypto.language.distributed as pld]

    [M = pl.dynamic("M")       one line per dynamic dim the program's types name]

    @pl.program
    class <Name>:
        ...

Like `Program.as_python()`, a program's text has no blank line between
functions and no newline at its end. Functions keep the order the IR holds (the
real printer sorts callees first; reordering would change the IR a re-parse
builds).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from compiler.analysis import ModuleAnalysis
from compiler.ir import Function, Program
from compiler.ir.visit import bound_vars, walk_stmts
from compiler.printer.functions import print_function_lines
from compiler.printer.statements import Lines
from compiler.printer.types import shape_names
from compiler.syntax.environment import ModuleEnvironment
from compiler.syntax.values import DynVar

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
    for function in program.functions:
        print_function_lines(function, 1, out, in_program=True)
    if not program.functions:
        out.add(1, "pass")
    body = "\n".join(out.lines)
    header = [f"# pypto.program: {program.name or 'Program'}", *_imports(body), ""]
    declarations = _dynamic_declarations(program.functions, environment)
    return "\n".join([*header, *declarations, *([""] if declarations else []), body])


def print_function(function: Function) -> str:
    """A module-level DSL function (no header: `print_module` writes the imports)."""
    out = Lines()
    print_function_lines(function, 0, out, in_program=False)
    return "\n".join(out.lines)


def print_module(analysis: ModuleAnalysis) -> str:
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
    return "\n\n".join(texts)


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
            names.update(
                name
                for name in _IDENTIFIER.findall(dim)
                if isinstance(environment.values.get(name), DynVar) and environment.values[name].name == name
            )
    return [f'{name} = pl.dynamic("{name}")' for name in sorted(names)]
