"""Source `#` comments, and the statements the real parser attaches them to.

The real parser keeps comments: it reads every `#` comment of the decorated source
(with its line and column), and as it parses each statement it takes the comments
still pending up to that statement as the statement's leading comments; the printer
writes them back above the statement, one `# <text>` line each. A bare string
statement (a docstring) becomes comment lines for the statement after it. Comments
at the end of a block (after its last statement, indented as its body) belong to no
statement and are dropped.

`PendingComments` follows the real parser's bookkeeping step by step (which comments
a simple statement takes, how a compound statement's header splits them from its
body's, the sweeps at a block's end and between siblings), so that a program's
comments land where the real dump prints them. Lines are those of the parsed unit
(`ast` line numbers); columns count characters, as Python's tokenizer does.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Sequence

# A string literal (skipped: a `#` inside it starts no comment) or a comment.
_STRING_OR_COMMENT = re.compile(
    r"""(?:[rRbBuUfF]{1,2})?(?:'''(?:[^\\]|\\.)*?'''|\"\"\"(?:[^\\]|\\.)*?\"\"\"
        |'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")
      |(?P<comment>\#[^\r\n]*)""",
    re.DOTALL | re.VERBOSE,
)

CommentMap = dict[int, list[tuple[int, str]]]
# Whether a pending comment (its line, its column) is one to take.
_Wanted = Callable[[int, int], bool]


def extract_comments(text: str) -> CommentMap:
    """Each line's comments (1-based line -> [(column, text)]), the text without its `#`
    and at most one space after it (`## x` keeps one `#`; trailing blanks are kept)."""
    found: CommentMap = {}
    if "#" not in text:
        return found
    line, scanned = 1, 0
    for match in _STRING_OR_COMMENT.finditer(text):
        if match.lastgroup != "comment":
            continue
        start = match.start()
        line += text.count("\n", scanned, start)
        scanned = start
        column = start - (text.rfind("\n", 0, start) + 1)
        body = match.group("comment")[1:]
        found.setdefault(line, []).append((column, body[1:] if body.startswith(" ") else body))
    return found


def within(comments: CommentMap, first: int, last: int | None) -> CommentMap:
    """The comments of lines `first` to `last` (no bound: None), each line's list copied."""
    return {
        line: list(entries)
        for line, entries in comments.items()
        if first <= line and (last is None or line <= last)
    }


class PendingComments:
    """The comments of one function's source not yet attached, drained statement by
    statement in source order. `source_lines` are the unit's lines, `definition` the
    first and last of them the real decorator reads (`inspect.getsource`: the whole
    class of a method), which it dedents before parsing."""

    def __init__(
        self, comments: CommentMap, source_lines: Sequence[str], definition: tuple[int, int]
    ) -> None:
        self._pending = comments
        self._lines = source_lines
        self._definition = definition
        self._margin: str | None = None

    def docstring_lines(self, stmt: ast.stmt) -> list[str] | None:
        """The comment lines a bare string statement becomes (None: not one): its text's
        lines, those after the first dedented as the decorator dedents the source."""
        value = (
            stmt.value.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) else None
        )
        if not isinstance(value, str):
            return None
        lines = value.splitlines() or [""]
        margin = self._dedent_margin()
        # The last line ends where the closing quotes start, unless the text ends a line.
        whole = len(lines) if value.endswith(("\n", "\r")) else len(lines) - 1
        return [lines[0], *(_dedented(line, margin, i < whole) for i, line in enumerate(lines) if i)]

    def _dedent_margin(self) -> str:
        """What `textwrap.dedent` removes from each line of the definition's source: the
        leading whitespace common to its lines that are not blank."""
        if self._margin is None:
            first, last = self._definition
            margin: str | None = None
            for line in self._lines[first - 1 : last]:
                if not line.strip():
                    continue
                indent = line[: len(line) - len(line.lstrip())]
                if margin is None or indent.startswith(margin):
                    margin = indent if margin is None else margin
                else:
                    margin = _common_prefix(margin, indent)
            self._margin = margin or ""
        return self._margin

    def leading(self, stmt: ast.stmt, first_in_block: bool) -> list[str]:
        """The comments `stmt` takes as it is parsed. A statement after the first of its
        block first drops what is left inside the blocks closed above it."""
        if not self._pending:
            return []
        if not first_in_block:
            self._drop_closed_block_tails(stmt)
        body = getattr(stmt, "body", None)
        if isinstance(body, list) and body:
            return self._compound_leading(stmt, body[0])
        end = stmt.end_lineno or stmt.lineno
        return self._take(lambda line, _col: line <= end)

    def unattached(self, stmt: ast.stmt, comments: list[str]) -> None:
        """Comments of a statement that made no IR (`pass`, a docstring, a directive):
        they wait, at its column, on the line after it, for the next statement."""
        if not comments:
            return
        after = (stmt.end_lineno or stmt.lineno) + 1
        self._pending[after] = [
            *((stmt.col_offset, text) for text in comments),
            *self._pending.get(after, []),
        ]

    def close_block(self, body: Sequence[ast.stmt], last_line: int | None) -> None:
        """A block is parsed: the comments left inside it (to `last_line`, None: to the
        end) at its indentation or deeper belong to no statement; they are dropped."""
        if not body or not self._pending:
            return
        column, first = body[0].col_offset, body[0].lineno
        self._take(
            lambda line, col: first <= line and (last_line is None or line <= last_line) and col >= column
        )

    def then_branch_end(self, stmt: ast.If) -> int:
        """The last line of an `if`'s then-branch: the line before its `else:` keyword."""
        if not stmt.orelse:
            return stmt.end_lineno or stmt.lineno
        last = stmt.body[-1]
        for number in range((last.end_lineno or last.lineno) + 1, stmt.orelse[0].lineno):
            text = self._lines[number - 1].lstrip() if 0 < number <= len(self._lines) else ""
            if text.startswith("else") and text[4:5] in (":", " ", "\t"):
                return number - 1
        return stmt.orelse[0].lineno - 1

    def _compound_leading(self, stmt: ast.stmt, first: ast.stmt) -> list[str]:
        """A compound statement takes the comments of its header's lines, and those
        above it left of its body's indentation; the rest wait for its body."""
        header_last = _header_last_line(stmt)
        before_body, body_column = first.lineno - 1, first.col_offset
        return self._take(
            lambda line, col: (
                line <= before_body
                and (stmt.lineno <= line <= header_last or (line < stmt.lineno and col < body_column))
            )
        )

    def _drop_closed_block_tails(self, stmt: ast.stmt) -> None:
        column = stmt.col_offset
        self._take(lambda line, col: line < stmt.lineno and col > column)

    def _take(self, wanted: _Wanted) -> list[str]:
        """Remove and return, in source order, the pending comments `wanted` accepts."""
        taken: list[str] = []
        for line in sorted(self._pending):
            entries = self._pending[line]
            kept = [(col, text) for col, text in entries if not wanted(line, col)]
            if len(kept) == len(entries):
                continue
            taken.extend(text for col, text in entries if wanted(line, col))
            if kept:
                self._pending[line] = kept
            else:
                del self._pending[line]
        return taken


def _dedented(line: str, margin: str, whole_line: bool) -> str:
    """A line of a string as `textwrap.dedent` leaves it (`whole_line`: the source line
    holds nothing else; dedent empties such a line of blanks)."""
    if whole_line and not line.strip():
        return ""
    return line[len(margin) :] if line.startswith(margin) else line


def _common_prefix(first: str, second: str) -> str:
    size = 0
    while size < min(len(first), len(second)) and first[size] == second[size]:
        size += 1
    return first[:size]


def _header_last_line(stmt: ast.stmt) -> int:
    """The last line of a compound statement's header (a wrapped header spans several)."""
    ends = [stmt.lineno]
    if isinstance(stmt, ast.For):
        ends += [stmt.target.end_lineno or stmt.target.lineno, stmt.iter.end_lineno or stmt.iter.lineno]
    elif isinstance(stmt, (ast.While, ast.If)):
        ends.append(stmt.test.end_lineno or stmt.test.lineno)
    elif isinstance(stmt, ast.With):
        for item in stmt.items:
            ends.append(item.context_expr.end_lineno or item.context_expr.lineno)
            if item.optional_vars is not None:
                ends.append(item.optional_vars.end_lineno or item.optional_vars.lineno)
    return max(ends)
