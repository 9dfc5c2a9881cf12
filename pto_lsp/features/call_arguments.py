"""Add a keyword argument to a call, in the layout the call is written in.

Read from the call's tokens (never by guessing at its text), so a trailing comma, a
comment after the last argument or on a line of its own, an empty argument list and
parentheses inside the arguments all come out as Python that parses:

    f(a, b)                 ->  f(a, b, cache=X)
    f(a, b,)                ->  f(a, b, cache=X)
    f()                     ->  f(cache=X)
    f(                          f(
        a,                          a,
        b,  # note      ->          b,  # note
    )                               cache=X,
                                )

A last argument that starts its own line gets the keyword on a line of its own, indented
like it; a trailing comma is kept after the new keyword (the formatter's "magic trailing
comma", which keeps the call exploded).
"""

from __future__ import annotations

import io
import tokenize
from dataclasses import dataclass

from compiler.base.span import Span
from pto_lsp.features.source_edits import Edit, SourceText

# Tokens that carry no code: where the layout is, not what the call says.
_LAYOUT = (
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.COMMENT,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENDMARKER,
)


@dataclass(frozen=True)
class _Token:
    kind: int
    text: str
    start: tuple[int, int]  # (file line, UTF-8 byte column)
    end: tuple[int, int]


def insert_keyword(source: SourceText, call: Span, keyword: str) -> tuple[Edit, ...] | None:
    """The edits that add `keyword` (e.g. `cache=pl.CachePolicy.BYPASS`) as the last argument
    of the call spanning `call`; None when the span is not a call that ends in `)`."""
    tokens = _tokens(source, call)
    if tokens is None or not tokens or tokens[-1].text != ")":
        return None
    opening = _matching_open(tokens)
    if opening is None:
        return None
    inside = tokens[opening + 1 : -1]
    closing = tokens[-1]
    if not inside:
        return (_insert(tokens[opening].end, keyword),)
    last = inside[-1]  # the last argument's end, or the trailing comma after it
    trailing_comma = last.text == ","
    start = _last_argument_start(inside)
    if not _starts_its_line(inside, start) or start.start[0] == tokens[opening].start[0]:
        # Arguments written along a line: append there.
        return (_insert(last.end, f" {keyword}" if trailing_comma else f", {keyword}"),)
    indent = source.indentation(start.start[0])
    line = last.end[0]
    new_line = f"\n{indent}{keyword}{',' if trailing_comma else ''}"
    comma = () if trailing_comma else (",",)
    if closing.start[0] == line:
        # `    last_arg)`: the keyword goes between the argument and the parenthesis.
        return (_insert(last.end, "".join(comma) + new_line),)
    # The keyword line goes after the argument's line, comment and all.
    line_end = (line, len(source.line(line).encode("utf-8")))
    if comma and last.end == line_end:
        return (_insert(line_end, "," + new_line),)
    return (*(_insert(last.end, text) for text in comma), _insert(line_end, new_line))


def _tokens(source: SourceText, call: Span) -> list[_Token] | None:
    """The call's code tokens in file coordinates (None when its text does not tokenize)."""
    text = source.segment(call)
    lines = text.split("\n")
    found = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type in _LAYOUT:
                continue
            found.append(
                _Token(
                    token.type, token.string, _place(call, lines, token.start), _place(call, lines, token.end)
                )
            )
    except (tokenize.TokenError, SyntaxError):
        return None
    return found


def _place(call: Span, lines: list[str], position: tuple[int, int]) -> tuple[int, int]:
    """A tokenizer position in the call's text (1-based row, character column) as a file
    position (line, UTF-8 byte column)."""
    row, column = position
    text = lines[row - 1] if row - 1 < len(lines) else ""
    byte_column = len(text[:column].encode("utf-8"))
    return (call.start_line + row - 1, byte_column + (call.start_col if row == 1 else 0))


def _matching_open(tokens: list[_Token]) -> int | None:
    """The index of the `(` the last token (a `)`) closes."""
    depth = 0
    for index in range(len(tokens) - 1, -1, -1):
        text = tokens[index].text
        if text in (")", "]", "}"):
            depth += 1
        elif text in ("(", "[", "{"):
            depth -= 1
            if depth == 0:
                return index if text == "(" else None
    return None


def _last_argument_start(inside: list[_Token]) -> _Token:
    """The first token of the last argument: the one after the last top-level comma that
    has an argument after it."""
    depth = 0
    start = inside[0]
    for index, token in enumerate(inside):
        if token.text in ("(", "[", "{"):
            depth += 1
        elif token.text in (")", "]", "}"):
            depth -= 1
        elif token.text == "," and depth == 0 and index + 1 < len(inside):
            start = inside[index + 1]
    return start


def _starts_its_line(inside: list[_Token], token: _Token) -> bool:
    """Whether no argument token comes before `token` on its line."""
    return not any(other.end[0] == token.start[0] and other.start < token.start for other in inside)


def _insert(at: tuple[int, int], text: str) -> Edit:
    line, column = at
    return Edit(Span(line, column, line, column), text)
