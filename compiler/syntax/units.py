"""Cut a module into units (top-level statements) and parse them with `ast`.

When the whole file parses, its top-level statements are the units. When it
does not, the Python syntax error is reported once and the file is cut at
top-level lines so that every intact definition is still analysed: a kernel
author in the middle of typing one function still sees the rest checked.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from compiler import codes
from compiler.diagnostics import Diagnostic, Stage
from compiler.span import Span

# Lines that continue the statement above them even though they start at column 0.
_CONTINUATION = re.compile(r"(else|elif|except|finally|case)\b|[)\]}]")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass
class ParsedModule:
    units: list[ast.stmt]
    syntax_errors: list[Diagnostic] = field(default_factory=list)


def split_lines(source: str) -> list[str]:
    """Lines as Python's tokenizer and LSP see them: broken at \\r\\n, \\r and \\n only."""
    return _LINE_BREAK.split(source)


def parse_module(source: str, filename: str = "<string>") -> ParsedModule:
    try:
        tree = ast.parse(source, filename=filename, type_comments=False)
    except SyntaxError as error:
        return ParsedModule(_parse_intact_units(source, filename), [_syntax_diagnostic(error, source)])
    except ValueError as error:  # e.g. NUL bytes in the source
        return ParsedModule([], [_value_error_diagnostic(error)])
    return ParsedModule(list(tree.body))


def _parse_intact_units(source: str, filename: str) -> list[ast.stmt]:
    lines = split_lines(source)
    units: list[ast.stmt] = []
    for start, end in _unit_line_ranges(lines):
        # Pad with blank lines so the unit's nodes keep their line numbers in the file.
        text = "\n" * start + "\n".join(lines[start:end]) + "\n"
        try:
            tree = ast.parse(text, filename=filename)
        except (SyntaxError, ValueError):
            continue
        units.extend(tree.body)
    return units


def _unit_line_ranges(lines: list[str]) -> list[tuple[int, int]]:
    """0-based [start, end) line ranges of the top-level statements, decorators included."""
    starts: list[int] = []
    previous_was_decorator = False
    for index, line in enumerate(lines):
        if not line or line[0] in " \t#" or not line.strip():
            continue
        if _CONTINUATION.match(line) or previous_was_decorator:
            previous_was_decorator = line.startswith("@")
            continue
        starts.append(index)
        previous_was_decorator = line.startswith("@")
    return [(start, end) for start, end in zip(starts, [*starts[1:], len(lines)])]


def _syntax_diagnostic(error: SyntaxError, source: str) -> Diagnostic:
    line = error.lineno or 1
    lines = split_lines(source)
    line_text = lines[line - 1] if 0 < line <= len(lines) else ""
    # SyntaxError offsets are 1-based character offsets; spans use UTF-8 byte columns.
    char_col = max((error.offset or 1) - 1, 0)
    byte_col = len(line_text[:char_col].encode("utf-8"))
    end_line = error.end_lineno or line
    end_char = (error.end_offset or (char_col + 2)) - 1
    end_text = lines[end_line - 1] if 0 < end_line <= len(lines) else ""
    end_byte = len(end_text[: max(end_char, 0)].encode("utf-8"))
    if (end_line, end_byte) <= (line, byte_col):
        end_line, end_byte = line, byte_col + 1
    return Diagnostic(
        code=codes.SYNTAX_ERROR,
        message=f"SyntaxError: {error.msg}",
        span=Span(line, byte_col, end_line, end_byte),
        stage=Stage.SYNTAX,
        exception="SyntaxError",
    )


def _value_error_diagnostic(error: ValueError) -> Diagnostic:
    return Diagnostic(
        code=codes.SYNTAX_ERROR,
        message=f"SyntaxError: {error}",
        span=Span(1, 0, 1, 0),
        stage=Stage.SYNTAX,
        exception="SyntaxError",
    )
