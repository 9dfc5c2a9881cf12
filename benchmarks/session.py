"""The scripted typing session the benchmark replays, the same for every server.

Each step computes its LSP change from the current text (positions move as the
session goes), so the session is a list of functions `text -> Edit`. The steps:
a new statement typed character by character in an InCore function (its `(` is
unbalanced until the `)` is typed), backspaces and retyping, a line inserted and
removed in a CORE_GROUP scope and at the top of the file (every line below
moves), a whole program pasted and deleted again, and edits that break and fix
the syntax: an unclosed string, a missing `:`, a dedented body line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generate import one_definition


@dataclass(frozen=True)
class Edit:
    kind: str  # "char", "line", "line-top", "paste", "break", "fix"
    start: tuple[int, int]  # (line, character); the generated text is ASCII, so characters = UTF-16 units
    end: tuple[int, int]
    text: str


Step = Callable[[list[str]], Edit]


def apply(lines: list[str], edit: Edit) -> list[str]:
    """The lines after `edit` (lines without terminators, split at \\n)."""
    (sl, sc), (el, ec) = edit.start, edit.end
    merged = lines[sl][:sc] + edit.text + lines[el][ec:]
    return lines[:sl] + merged.split("\n") + lines[el + 1 :]


_LENGTH = [0]  # the length of the file the session started on (searches start at fixed lines)


def _middle(lines: list[str], predicate: Callable[[str], bool], after: float = 0.5) -> int:
    """The first line at or after the given fraction of the original file that satisfies `predicate`."""
    start = min(int(_LENGTH[0] * after), len(lines))
    for index in [*range(start, len(lines)), *range(0, start)]:
        if predicate(lines[index]):
            return index
    raise LookupError("no such line")


def _anchor(lines: list[str]) -> int:
    """An InCore function's `out = pl.store(...)` line in the middle of the file."""
    return _middle(lines, lambda line: line.startswith("        out = pl.store(pl."))


def session(lines: list[str]) -> list[Step]:
    """The steps, for a session starting on `lines`."""
    _LENGTH[0] = len(lines)
    steps: list[Step] = []
    statement = "tile_d = pl.add(tile_c, tile_a)"

    # A new statement, typed: the line break (with the editor's indentation), then each character.
    steps.append(lambda ls: Edit("line", (a := _anchor(ls), len(ls[a])), (a, len(ls[a])), "\n        "))
    for index, char in enumerate(statement):

        def type_char(ls: list[str], index: int = index, char: str = char) -> Edit:
            line = _anchor(ls) + 1
            column = 8 + index
            return Edit("char", (line, column), (line, column), char)

        steps.append(type_char)
    # Three backspaces ("_a)") and the author types "_b)" instead.
    for _ in range(3):
        steps.append(lambda ls: Edit("char", (a := _anchor(ls) + 1, len(ls[a]) - 1), (a, len(ls[a])), ""))
    for char in "_b)":
        steps.append(lambda ls, c=char: Edit("char", (a := _anchor(ls) + 1, len(ls[a])), (a, len(ls[a])), c))

    # A declaration line added to a CORE_GROUP scope, then removed.
    def scope(ls: list[str]) -> int:
        return _middle(ls, lambda line: 'with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm' in line)

    marker = "            pl.set_cache_policy(a, pl.CachePolicy.BYPASS)\n"
    steps.append(lambda ls: Edit("line", (scope(ls) + 1, 0), (scope(ls) + 1, 0), marker))
    steps.append(lambda ls: Edit("line", (scope(ls) + 1, 0), (scope(ls) + 2, 0), ""))

    # A comment line near the top (every unit below moves one line), then removed.
    def top(ls: list[str]) -> int:
        return ls.index("CORE_NUM = 4") + 1

    steps.append(
        lambda ls: Edit("line-top", (top(ls), 0), (top(ls), 0), "# TODO: tune TILE_K for the 910B\n")
    )
    steps.append(lambda ls: Edit("line-top", (top(ls), 0), (top(ls) + 1, 0), ""))

    # A whole program pasted between two definitions in the middle, then deleted again.
    pasted = one_definition(1).lstrip("\n") + "\n\n"

    def boundary(ls: list[str]) -> int:
        return _middle(ls, lambda line: line == "@pl.program", after=0.45)

    steps.append(lambda ls: Edit("paste", (boundary(ls), 0), (boundary(ls), 0), pasted))
    steps.append(lambda ls: Edit("paste", (boundary(ls), 0), (boundary(ls) + pasted.count("\n"), 0), ""))

    # Break and fix: an unclosed string, a header without its colon, a dedented body line.
    def quote_at(ls: list[str]) -> tuple[int, int]:
        line = _middle(ls, lambda text: text.startswith("        tile_a = pl.load("), after=0.55)
        return line, ls[line].index("pl.load(") + len("pl.load(")

    steps.append(lambda ls: Edit("break", quote_at(ls), quote_at(ls), '"'))
    steps.append(lambda ls: Edit("fix", (q := quote_at(ls)), (q[0], q[1] + 1), ""))

    def header(ls: list[str]) -> int:
        return _middle(
            ls, lambda text: text.startswith("    ) -> pl.Tensor[") and text.endswith(":"), after=0.6
        )

    steps.append(lambda ls: Edit("break", (h := header(ls), len(ls[h]) - 1), (h, len(ls[h])), ""))
    steps.append(
        lambda ls: Edit(
            "fix",
            (
                h := _middle(ls, lambda t: t.startswith("    ) -> pl.Tensor[") and not t.endswith(":"), 0.6),
                len(ls[h]),
            ),
            (h, len(ls[h])),
            ":",
        )
    )

    def body_line(ls: list[str]) -> int:
        return _middle(ls, lambda text: text.startswith("        offset = block_idx * TILE_M"), after=0.65)

    steps.append(lambda ls: Edit("break", (body_line(ls), 0), (body_line(ls), 8), ""))
    steps.append(
        lambda ls: Edit(
            "fix", (d := _middle(ls, lambda t: t.startswith("offset = block_idx"), 0.65), 0), (d, 0), " " * 8
        )
    )

    # A few characters typed in a comment near the end of the file.
    def last_comment(ls: list[str]) -> int:
        return _middle(ls, lambda text: text.startswith("        # One submission of"), after=0.9)

    for char in " (x2)":
        steps.append(lambda ls, c=char: Edit("char", (a := last_comment(ls), len(ls[a])), (a, len(ls[a])), c))
    return steps
