"""Signature help inside a `pl.<op>(` call: the real wrapper's parameters and the one
the cursor is on.

The text before the cursor is scanned by hand (strings, comments, brackets), not with
`tokenize`: it is half-typed by nature, and a scanner of our own behaves the same on
every Python version. Anything it cannot make sense of answers nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from pto_lsp.features.pl_catalogue import NAMESPACES, OpParam, OpSignature, find_op

_CALLEE = re.compile(r"(?<![\w.])([^\W\d]\w*(?:\s*\.\s*[^\W\d]\w*)*)\s*$")
# Anchored by `match`; no `^`, which would not match at a `pos` in mid-line.
_KEYWORD = re.compile(r"\s*([^\W\d]\w*)\s*=(?!=)")
_CLOSING = {")": "(", "]": "[", "}": "{"}
_LONGEST_CALLEE = 200  # characters looked back for the name before a `(`


@dataclass(frozen=True)
class SignatureAt:
    """The op being called at the cursor, its label, and where each parameter sits in it."""

    op: OpSignature
    label: str
    parameters: tuple[tuple[int, int], ...]  # [start, end) of each parameter in `label`
    active: int | None  # index into `op.params`; None: no parameter fits the argument typed
    # The text of the argument being typed, when the call's own `(` is the innermost open
    # bracket (None: the cursor is inside a nested bracket of the call).
    argument: str | None = None
    used_keywords: tuple[str, ...] = ()  # keywords of the arguments before it


@dataclass
class _Frame:
    bracket: str
    start: int  # offset just after the bracket
    callee: str
    arg_start: int = 0
    keywords: list[str | None] = field(default_factory=list)  # the keyword of each finished argument


def signature_at(text: str, aliases: Iterable[str]) -> SignatureAt | None:
    """The signature to show for a cursor at the end of `text` (the code before it, from
    a statement boundary), or None when the cursor is not inside a `pl` op call."""
    frames = _open_brackets(text)
    if frames is None:
        return None
    names = set(aliases)
    # The innermost open call that is an op: inside `pl.add(a, f(b, ` the cursor is still on `rhs`.
    calls = ((frame, _resolve(frame.callee, names)) for frame in reversed(frames) if frame.bracket == "(")
    call, op = next(((frame, op) for frame, op in calls if op is not None), (None, None))
    if call is None or op is None:
        return None
    label, ranges = _label(op, call.callee)
    current = text[call.arg_start :]
    keyword = _KEYWORD.match(current)
    active = _active(op, call.keywords, keyword.group(1) if keyword else None)
    argument = current if frames[-1] is call else None
    used = tuple(name for name in call.keywords if name is not None)
    return SignatureAt(op, label, ranges, active, argument, used)


def _open_brackets(text: str) -> list[_Frame] | None:
    """The brackets still open at the end of `text`, outermost first (None: the cursor is
    in a string or comment, or the brackets do not match)."""
    frames: list[_Frame] = []
    index, length = 0, len(text)
    while index < length:
        char = text[index]
        if char == "#":
            newline = text.find("\n", index)
            if newline < 0:
                return None  # in a comment
            index = newline + 1
            continue
        if char in "'\"":
            end = _string_end(text, index)
            if end is None:
                return None  # in a string
            index = end
            continue
        if char in "([{":
            callee = _CALLEE.search(text, max(0, index - _LONGEST_CALLEE), index) if char == "(" else None
            frames.append(_Frame(char, index + 1, callee.group(1) if callee else "", index + 1))
        elif char in _CLOSING:
            if not frames or frames[-1].bracket != _CLOSING[char]:
                return None
            frames.pop()
        elif char == "," and frames:
            top = frames[-1]
            keyword = _KEYWORD.match(text, top.arg_start, index)
            top.keywords.append(keyword.group(1) if keyword else None)
            top.arg_start = index + 1
        index += 1
    return frames


def _string_end(text: str, start: int) -> int | None:
    """The offset after the string literal starting at `start`, None if it does not end."""
    quote = text[start] * 3 if text.startswith(text[start] * 3, start) else text[start]
    index = start + len(quote)
    while index < len(text):
        if text[index] == "\\":
            index += 2
            continue
        if text.startswith(quote, index):
            return index + len(quote)
        if text[index] == "\n" and len(quote) == 1:
            return None
        index += 1
    return None


def _resolve(callee: str, aliases: set[str]) -> OpSignature | None:
    parts = [part.strip() for part in callee.split(".")]
    if len(parts) == 2 and parts[0] in aliases:
        return find_op(None, parts[1])
    if len(parts) == 3 and parts[0] in aliases and parts[1] in NAMESPACES:
        return find_op(parts[1], parts[2])
    return None


def _label(op: OpSignature, callee: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """`pl.load(tensor, offsets, ...)`, spelt with the module alias the code uses."""
    head = "".join(callee.split()) + "("
    ranges: list[tuple[int, int]] = []
    pieces: list[str] = []
    offset = len(head)
    starred = False
    for param, text in zip(op.params, op.parameter_labels()):
        if param.keyword_only and not starred:
            pieces.append("*")
            offset += len("*, ")
            starred = True
        starred = starred or param.variadic == "*"
        ranges.append((offset, offset + len(text)))
        pieces.append(text)
        offset += len(text) + len(", ")
    return head + ", ".join(pieces) + ")", tuple(ranges)


def _active(op: OpSignature, earlier: list[str | None], keyword: str | None) -> int | None:
    params = list(op.params)
    if keyword is not None:
        return next(
            (i for i, p in enumerate(params) if p.name == keyword and not p.variadic), _kwargs(params)
        )
    if any(name is not None for name in earlier):
        return None  # a positional argument after a keyword one fills nothing
    positional: list[OpParam] = op.positional()
    if len(earlier) < len(positional):
        return params.index(positional[len(earlier)])
    return next((i for i, p in enumerate(params) if p.variadic == "*"), None)


def _kwargs(params: list[OpParam]) -> int | None:
    return next((i for i, p in enumerate(params) if p.variadic == "**"), None)
