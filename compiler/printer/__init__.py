"""The IR printer: IR -> DSL text the parser reads back into the same IR.

It follows the real `IRPythonPrinter` (`Program.as_python()`) as closely as this
front end's IR allows; `reference-cache-policy.md` §4 fixes how cache-policy
declarations print.
"""

from compiler.printer.expressions import format_expr
from compiler.printer.module import (
    print_definitions,
    print_function,
    print_module,
    print_program,
    unfolded_names,
)
from compiler.printer.types import format_type

__all__ = [
    "format_expr",
    "format_type",
    "print_definitions",
    "print_function",
    "print_module",
    "print_program",
    "unfolded_names",
]
