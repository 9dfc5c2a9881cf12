"""An open document's lines, kept in step with every edit without rescanning the file.

Lines are broken where Python's tokenizer and LSP break them (\\r\\n, \\r, \\n) and
each keeps its terminator. They live in chunks of at most `CHUNK` lines, so that
an edit splices one or two chunks, never the file, and finding a line is a
binary search over the chunks' first lines. Three counts are kept on the side
because the server asks for them on every keystroke: lines ending in a lone \\r
(the import pattern's lines differ then), lines importing `pypto.language`
(the file is a kernel file) and lines holding a NUL byte (Python refuses the file).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from itertools import accumulate

from compiler.syntax.unit_scan import split_keeping_ends
from pto_lsp.workspace.sources import imports_pypto_language

CHUNK = 128


def _ends_with_lone_cr(line: str) -> bool:
    return line.endswith("\r")


def _imports(line: str) -> bool:
    # The pattern is anchored at a line start and never crosses a \n; a line
    # without lone \r is a regex line of its own.
    return imports_pypto_language(line)


class LineTable:
    def __init__(self, text: str = "") -> None:
        lines = split_keeping_ends(text)
        self._chunks: list[list[str]] = [lines[i : i + CHUNK] for i in range(0, len(lines), CHUNK)]
        self._count = len(lines)
        self._starts: list[int] | None = None  # first line index of each chunk, built when needed
        self.lone_cr_lines = sum(1 for line in lines if _ends_with_lone_cr(line))
        self.importing_lines = _count_importing(lines)
        self.nul_lines = _count_nul(lines)

    # ------------------------------------------------------------ reading

    def __len__(self) -> int:
        return self._count

    def _chunk_starts(self) -> list[int]:
        if self._starts is None:
            self._starts = [0, *accumulate(map(len, self._chunks))]
        return self._starts

    def _locate(self, index: int) -> tuple[int, int]:
        """(chunk, index in chunk) of a 0-based line index (0 <= index < len)."""
        starts = self._chunk_starts()
        chunk = bisect.bisect_right(starts, index) - 1
        return chunk, index - starts[chunk]

    def line(self, index: int) -> str:
        """The 0-based line `index` with its terminator ('' past the end)."""
        if not 0 <= index < self._count:
            return ""
        chunk, at = self._locate(index)
        return self._chunks[chunk][at]

    def lines(self, start: int, stop: int) -> list[str]:
        """Lines [start, stop) with their terminators."""
        start, stop = max(start, 0), min(stop, self._count)
        if start >= stop:
            return []
        chunk, at = self._locate(start)
        found: list[str] = []
        wanted = stop - start
        while len(found) < wanted:
            found.extend(self._chunks[chunk][at : at + wanted - len(found)])
            chunk, at = chunk + 1, 0
        return found

    def text(self) -> str:
        return "".join(line for chunk in self._chunks for line in chunk)

    def iter_from(self, index: int) -> Iterator[str]:
        """The lines from the 0-based line `index` on."""
        if index >= self._count:
            return
        chunk, at = self._locate(index)
        yield from self._chunks[chunk][at:]
        for following in self._chunks[chunk + 1 :]:
            yield from following

    def __iter__(self) -> Iterator[str]:
        for chunk in self._chunks:
            yield from chunk

    # ------------------------------------------------------------ editing

    def replace(self, start: int, stop: int, new_lines: list[str]) -> None:
        """Replace lines [start, stop) (at least one) by `new_lines`, each with its
        terminator except a new last line of the document."""
        old = self.lines(start, stop)
        self.lone_cr_lines += sum(map(_ends_with_lone_cr, new_lines)) - sum(map(_ends_with_lone_cr, old))
        self.importing_lines += _count_importing(new_lines) - _count_importing(old)
        self.nul_lines += _count_nul(new_lines) - _count_nul(old)
        self._count += len(new_lines) - len(old)
        first, at = self._locate(start)
        last, last_at = self._locate(stop - 1)
        merged = [line for chunk in self._chunks[first : last + 1] for line in chunk]
        end = len(merged) - (len(self._chunks[last]) - last_at - 1)
        merged[at:end] = new_lines
        if len(merged) < CHUNK // 2 and last + 1 < len(self._chunks):
            last += 1  # a chunk grown too small takes its neighbour in
            merged.extend(self._chunks[last])
        count = max(-(-len(merged) // CHUNK), 1)
        size = -(-len(merged) // count) if merged else 0
        pieces = [merged[i : i + size] for i in range(0, len(merged), size)] if merged else []
        if not pieces and len(self._chunks) == last - first + 1:
            pieces = [[]]  # never no chunk at all (cannot happen: a document has a line)
        self._chunks[first : last + 1] = pieces
        self._starts = None


def _count_importing(lines: list[str]) -> int:
    return sum(1 for line in lines if "pypto" in line and _imports(line))


def _count_nul(lines: list[str]) -> int:
    return sum(1 for line in lines if "\x00" in line)
