"""Message templates: the literal text of a message with `{}` for each computed value, and
matching a real message (its first line) to them."""

from __future__ import annotations

import re
from collections.abc import Sequence

HOLE = "{}"
# What the real compiler adds around a site's own text: the parser's wrappers in front, the
# span a CHECK_SPAN appends (` [file:line:col]`) behind.
_WRAPPERS = re.compile(r"^(?:pl operation '[^']*': |Failed to parse function '[^']*': |pl\.\w+: )+")
_SPAN_SUFFIX = re.compile(r"\s*\[[^\[\]]*:\d+:\d+\]\s*$")
# A place the message itself names at its end (` at FILE:LINE:COL`): pto-lsp makes it the range.
_PLACE_SUFFIX = re.compile(r" at \S+:\d+:\d+$")
# An address the real message prints where an expression's value would be (a `{}` given an
# ExprPtr): it differs from run to run, so it stands for any one value in pto-lsp's message.
_ADDRESS = re.compile(r"0x[0-9a-f]{6,}")
# A template must say this much of its own to be matched to a message (else `{}: {}` matches all).
MIN_LITERAL = 12


def join_parts(parts: Sequence[str | None]) -> str:
    """The template of the parts in order, None being a computed value (adjacent ones merge)."""
    text = ""
    for part in parts:
        piece = HOLE if part is None else part
        if piece == HOLE and text.endswith(HOLE):
            continue
        text += piece
    return text


def first_line(template: str) -> str:
    return template.split("\n", 1)[0]


def literal_length(template: str) -> int:
    return len(first_line(template).replace(HOLE, "").strip())


def pattern(template: str) -> re.Pattern[str] | None:
    """The regular expression of a template's first line (None: too little of its own to match)."""
    line = first_line(template).strip()
    if literal_length(line) < MIN_LITERAL:
        return None
    pieces = [re.escape(piece) for piece in line.split(HOLE)]
    return re.compile("(?s)" + ".*?".join(pieces))


def message_cores(message: str) -> list[str]:
    """The real message's first line; without the span behind it; without the wrappers in front
    as well; without the span nor a place it names at its end (its wrappers kept)."""
    line = message.split("\n", 1)[0].strip()
    bare = _SPAN_SUFFIX.sub("", line)
    inner = _WRAPPERS.sub("", bare)
    return [line, bare, inner, _PLACE_SUFFIX.sub("", bare)]


def said_in(core: str, message: str) -> bool:
    """Whether pto-lsp's `message` says the real message's `core` (an address in it, any value)."""
    if not core:
        return False
    if not _ADDRESS.search(core):
        return core in message
    pieces = [re.escape(piece) for piece in _ADDRESS.split(core)]
    return re.search(r"[^\s,)]+".join(pieces), message) is not None
