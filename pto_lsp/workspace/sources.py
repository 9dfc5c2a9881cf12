"""Find PyPTO kernel files and read them as text, with a clear reason when that fails."""

from __future__ import annotations

import codecs
import io
import os
import re
import stat
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from compiler.syntax.source_checks import misleading_codec

# A module is a PyPTO kernel file when it imports `pypto.language` (under any alias).
# A line starts after \n, \r\n or a lone \r, as Python's tokenizer has it.
_IMPORTS_PYPTO_LANGUAGE = re.compile(
    r"(?:^|(?<=\r))\ufeff?[ \t]*(?:import[ \t]+pypto\.language\b|from[ \t]+pypto\.language[\w.]*[ \t]+import\b"
    r"|from[ \t]+pypto[ \t]+import[^\r\n]*\blanguage\b)",
    re.MULTILINE,
)
_SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".venv", "venv", "node_modules", "__pycache__", ".tox", "build", "dist"}
)


@dataclass(frozen=True)
class SourceFile:
    """A file read from disk: its text, or why it has none."""

    path: Path
    text: str | None
    problem: str | None = None


def imports_pypto_language(text: str) -> bool:
    return _IMPORTS_PYPTO_LANGUAGE.search(text) is not None


# Past this many bytes a file is not read: no kernel is that long, and reading a device or a
# file that grows without end must stop somewhere (`pto-lsp check /dev/zero`).
MAX_SOURCE_BYTES = 64 << 20
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)  # UTF-32's begin with one of these too


class NotReadable(Exception):
    """Why a file's bytes were not read: said to the user as is."""


def read_regular_file(path: Path, limit: int) -> bytes:
    """The bytes of `path`, if it is a regular file (after symlinks) of at most `limit` bytes.

    A FIFO, a socket or a device is never read: opened without blocking (a FIFO with no
    writer would otherwise block the open itself), looked at, and refused; a regular file
    is read no further than `limit` (a file that grows while read stops there too).
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        raise NotReadable(f"cannot read file: {error.strerror or error}") from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise NotReadable(f"not a regular file ({_kind_of(mode)})")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(descriptor, min(limit + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise NotReadable(f"cannot read file: {error.strerror or error}") from None
    finally:
        os.close(descriptor)
    if size > limit:
        raise NotReadable(f"larger than {limit >> 20} MiB: not read")
    return b"".join(chunks)


def _kind_of(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "a special file"


def decode_source(data: bytes) -> str:
    """Source bytes as Python reads them (PEP 263): UTF-8, with or without its BOM, unless a
    coding declaration on the first two lines names another encoding — one that reads ASCII
    as ASCII: a misleading one (`unicode_escape`, `utf-7`) is not honoured, the text is what
    an editor shows and its check says why. NotReadable otherwise."""
    if data.startswith(_UTF16_BOMS):
        raise NotReadable(
            "not valid UTF-8 (it starts with a UTF-16 byte-order mark; Python reads a source file "
            "as UTF-8 unless a coding declaration names another encoding)"
        )
    if b"\x00" in data:
        raise NotReadable("not a text file (it contains NUL bytes)")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:  # a line that is not UTF-8 before any declaration, or a bad one
        encoding, declared = "utf-8", error.msg
    else:
        declared = None
    if misleading_codec(encoding):
        # Python would read other text than an editor shows (`source_checks`): the text is
        # the editor's, UTF-8, and its check is the one error on its coding line.
        encoding = "utf-8"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        what = "not valid UTF-8" if encoding.startswith("utf-8") else f"not valid {encoding}, as declared"
        raise NotReadable(f"{what} (byte {error.start}: {error.reason})") from None
    if declared is not None:  # UTF-8 after all: the declaration itself is what Python refuses
        raise NotReadable(declared)
    return text.removeprefix("\ufeff")


def read_source(path: Path) -> SourceFile:
    try:
        return SourceFile(path, decode_source(read_regular_file(path, MAX_SOURCE_BYTES)))
    except NotReadable as problem:
        return SourceFile(path, None, str(problem))


def kernel_files(directory: Path) -> Iterator[tuple[Path, SourceFile]]:
    """Every `*.py` below `directory` that imports `pypto.language`, in a stable order, with
    its text; and every one that could not be read or decoded (text None, and why), as the
    walk finds them (nothing is kept: a folder of any size is walked in constant memory).

    A `*.py` file or a folder that cannot be read or decoded is not passed over in
    silence: it may be a kernel, so a checker must say it was not checked.
    """
    problems: list[tuple[Path, SourceFile]] = []

    def unreadable_folder(error: OSError) -> None:
        folder = Path(error.filename or directory)
        problems.append((folder, SourceFile(folder, None, f"cannot read folder: {error.strerror}")))

    for folder, subfolders, names in os.walk(directory, onerror=unreadable_folder):
        yield from problems
        problems.clear()
        subfolders[:] = sorted(name for name in subfolders if name not in _SKIPPED_DIRS)
        for name in sorted(names):
            if not name.endswith(".py"):
                continue
            path = Path(folder) / name
            source = read_source(path)
            if source.text is None or imports_pypto_language(source.text):
                yield path, source
    yield from problems
