"""Parse a module's units (top-level statements, cut by `unit_scan`) with `ast`.

A unit is parsed on its own, with its line numbers kept as in the file, so an
editor can re-parse only the unit that changed, and a unit that does not parse
leaves every intact definition analysed: a kernel author in the middle of
typing one function still sees the rest checked.
"""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import dataclass, replace

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Severity, Stage
from compiler.base.span import Span
from compiler.syntax.compile_checks import CompileError, first_compile_error
from compiler.syntax.source_checks import misleading_coding_error
from compiler.syntax.unit_scan import cut_units, split_without_ends


@dataclass(frozen=True)
class ParsedUnit:
    """One unit's top-level statements (empty when it does not parse) and its syntax error.

    The nodes count lines from the unit's first line; read their spans inside
    `unit_line_offset(start_line - 1)` to get file lines.
    """

    text: str
    start_line: int
    nodes: tuple[ast.stmt, ...]
    syntax_error: Diagnostic | None = None

    def at(self, start_line: int) -> ParsedUnit:
        """The same parse for the unit starting on another line (the nodes count lines
        from the unit's start, so only the syntax error moves)."""
        if start_line == self.start_line:
            return self
        error = self.syntax_error
        if error is not None:
            delta = start_line - self.start_line
            span = error.span
            error = replace(
                error,
                span=Span(span.start_line + delta, span.start_col, span.end_line + delta, span.end_col),
                message=move_line_mentions(error.message, delta),
            )
        return ParsedUnit(self.text, start_line, self.nodes, error)


def split_lines(source: str) -> list[str]:
    """Lines as Python's tokenizer and LSP see them: broken at \\r\\n, \\r and \\n only."""
    return split_without_ends(source)


def parse_unit(text: str, start_line: int = 1) -> ParsedUnit:
    """Parse one unit whose first line is line `start_line` of the file.

    A text that starts with a byte-order mark (U+FEFF) is a file's first unit as an editor
    may send it: Python reads the mark as the file's encoding, not as code, so it is left
    out here too (the columns of the first line are then counted after it)."""
    source = text.removeprefix("\ufeff")
    if source.startswith(("#", " ", "\t", "\f")):  # a unit that is only a coding line (`source_checks`)
        coding = misleading_coding_error(source)
        if coding is not None:
            return ParsedUnit(text, start_line, (), _coding_diagnostic(coding, source, start_line))
    try:
        # Never a real file name: CPython re-reads a named file to place a syntax
        # error, which would measure the unit's error against the wrong line. The
        # compiler's warnings (e.g. an invalid escape sequence) are not ours to print.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source, filename="<unit>")
    except SyntaxError as error:
        return ParsedUnit(text, start_line, (), _syntax_diagnostic(error, source, start_line))
    except ValueError as error:  # e.g. NUL bytes in the source
        return ParsedUnit(text, start_line, (), _value_error_diagnostic(error, start_line))
    except (RecursionError, MemoryError):  # e.g. a 20,000-term expression: Python gives up
        return ParsedUnit(text, start_line, (), _refused_by_python(source, start_line))
    # A mistake only Python's compiler rejects: reported, and the tree is still analysed.
    compile_error = first_compile_error(tree, source)
    error = _compile_diagnostic(compile_error, start_line) if compile_error is not None else None
    return ParsedUnit(text, start_line, tuple(tree.body), error)


def parse_module(source: str) -> list[ParsedUnit]:
    """The units of a whole module, each parsed on its own: cut by the one line scan every
    caller uses (`unit_scan.cut_units`), so a kernel inside a string literal is never a unit,
    and a unit that does not parse reports its own error while the others are analysed."""
    return [parse_unit(unit.text, unit.start_line) for unit in cut_units(source)]


def _syntax_diagnostic(error: SyntaxError, text: str, start_line: int) -> Diagnostic:
    lines = split_lines(text)
    offset = start_line - 1
    line = error.lineno or 1
    line_text = lines[line - 1] if 0 < line <= len(lines) else ""
    # SyntaxError offsets are 1-based character offsets; spans use UTF-8 byte columns.
    char_col = max((error.offset or 1) - 1, 0)
    byte_col = len(line_text[:char_col].encode("utf-8"))
    end_line = max(error.end_lineno or line, line)
    end_char = (error.end_offset or (char_col + 2)) - 1
    end_text = lines[end_line - 1] if 0 < end_line <= len(lines) else ""
    end_byte = len(end_text[: max(end_char, 0)].encode("utf-8"))
    if (end_line, end_byte) <= (line, byte_col):
        end_line, end_byte = line, byte_col + 1
    return Diagnostic(
        code=codes.SYNTAX_ERROR,
        # Python counts the lines its message names from the unit's start: make them file lines.
        message=move_line_mentions(_python_line_count_fix(f"SyntaxError: {error.msg}", text), offset),
        span=Span(line + offset, byte_col, end_line + offset, end_byte),
        stage=Stage.SYNTAX,
        exception="SyntaxError",
    )


# Python's syntax messages name lines: "'(' was never closed ... on line 3", "unterminated
# triple-quoted string literal (detected at line 7)".
_LINE_MENTION = re.compile(r"\b(on|detected at) line (\d+)")
# The usual form: the message ends by naming the line (what an editor can move cheaply):
# (the text before the number, the number, what follows it).
LINE_AT_END = re.compile(r"(.*\b(?:on|detected at) line )(\d+)(\)?)$", re.DOTALL)


def mentions_a_line(message: str) -> bool:
    """Whether a syntax message names a line ("on line 3", "(detected at line 7)")."""
    return _LINE_MENTION.search(message) is not None


def move_line_mentions(message: str, delta: int) -> str:
    """Python's syntax messages name other lines ("'[' on line 3"): move them by `delta`."""
    if delta == 0:
        return message
    return _LINE_MENTION.sub(lambda match: f"{match.group(1)} line {int(match.group(2)) + delta}", message)


def _python_line_count_fix(message: str, text: str) -> str:
    """A unit's text lacks its last line break (`unit_scan.unit_extents`). Where Python
    names the line it reached at the end of the text ("(detected at line N)" of an
    unterminated triple-quoted string, which runs to the end of the file), a text that
    ends in a line break had one more (blank) line in the file: count it, as Python does
    reading the whole file."""
    match = _DETECTED_AT.search(message)
    if match is None or not text.endswith(("\n", "\r")):
        return message
    if int(match.group(1)) != len(split_lines(text)) - 1:
        return message
    return f"{message[: match.start(1)]}{int(match.group(1)) + 1}{message[match.end(1) :]}"


_DETECTED_AT = re.compile(r"\(detected at line (\d+)\)$")


def too_deep_to_analyse(span: Span) -> Diagnostic:
    """A definition nested too deeply for this front end: said as a hint, never an error
    (Python, and so the real compiler, may still accept it)."""
    return Diagnostic(
        code=codes.NOT_ANALYSED,
        message="Not analysed: this definition is nested too deeply for pto-lsp to analyse",
        span=span,
        severity=Severity.HINT,
        stage=Stage.SYNTAX,
    )


def _refused_by_python(source: str, start_line: int) -> Diagnostic:
    """A unit nested too deeply for `ast`: CPython's compiler is asked whether it refuses it
    too, as an import would (`compile()`: a code object made and dropped, nothing run). It
    does (the same limits): the import fails, an error on the unit's first line. Should it
    accept the unit, only this front end gave up: the hint."""
    here = Span(start_line, 0, start_line, 0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(source, "<unit>", "exec", dont_inherit=True)
    except (RecursionError, MemoryError) as error:
        exception = type(error).__name__
        detail = str(error)
        return Diagnostic(
            code=codes.PYTHON_COMPILE_ERROR,
            message=f"{exception}: {detail}" if detail else exception,
            span=here,
            stage=Stage.SYNTAX,
            exception=exception,
            hint="Python itself refuses this definition (nested too deeply): the module cannot be imported",
        )
    except SyntaxError as error:
        return _syntax_diagnostic(error, source, start_line)
    except ValueError as error:
        return _value_error_diagnostic(error, start_line)
    return too_deep_to_analyse(here)


def _coding_diagnostic(coding: tuple[str, int, int], line: str, start_line: int) -> Diagnostic:
    message, start, end = coding
    return Diagnostic(
        code=codes.MISLEADING_CODING,
        message=message,
        span=Span(start_line, len(line[:start].encode()), start_line, len(line[:end].encode())),
        stage=Stage.SYNTAX,
    )


def _compile_diagnostic(error: CompileError, start_line: int) -> Diagnostic:
    node = error.node
    offset = start_line - 1
    line = getattr(node, "lineno", 1)
    col = getattr(node, "col_offset", 0)
    end_line = getattr(node, "end_lineno", None) or line
    end_col = getattr(node, "end_col_offset", None)
    return Diagnostic(
        code=codes.PYTHON_COMPILE_ERROR,
        message=f"SyntaxError: {error.message}",
        span=Span(line + offset, col, end_line + offset, end_col if end_col is not None else col + 1),
        stage=Stage.SYNTAX,
        exception="SyntaxError",
    )


def _value_error_diagnostic(error: ValueError, start_line: int) -> Diagnostic:
    return Diagnostic(
        code=codes.SYNTAX_ERROR,
        message=f"SyntaxError: {error}",
        span=Span(start_line, 0, start_line, 0),
        stage=Stage.SYNTAX,
        exception="SyntaxError",
    )
