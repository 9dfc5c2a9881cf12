"""Find PyPTO kernel files and read them as text, with a clear reason when that fails."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

# A module is a PyPTO kernel file when it imports `pypto.language` (under any alias).
# A line starts after \n, \r\n or a lone \r, as Python's tokenizer has it.
_IMPORTS_PYPTO_LANGUAGE = re.compile(
    r"(?:^|(?<=\r))[ \t]*(?:import[ \t]+pypto\.language\b|from[ \t]+pypto\.language[\w.]*[ \t]+import\b"
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


def read_source(path: Path) -> SourceFile:
    try:
        data = path.read_bytes()
    except OSError as error:
        return SourceFile(path, None, f"cannot read file: {error.strerror or error}")
    if b"\x00" in data:
        return SourceFile(path, None, "not a text file (it contains NUL bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return SourceFile(path, None, f"not valid UTF-8 (byte {error.start}: {error.reason})")
    return SourceFile(path, text.removeprefix("\ufeff"))


@dataclass
class KernelFiles:
    """What a directory holds: its kernel files, and what could not be looked at, with why."""

    kernels: list[Path] = field(default_factory=list)
    unreadable: list[tuple[Path, str]] = field(default_factory=list)


def kernel_files(directory: Path) -> KernelFiles:
    """Every `*.py` below `directory` that imports `pypto.language`, in a stable order.

    A `*.py` file or a folder that cannot be read or decoded is not passed over in
    silence: it may be a kernel, so a checker must say it was not checked.
    """
    found = KernelFiles()

    def unreadable_folder(error: OSError) -> None:
        found.unreadable.append((Path(error.filename or directory), f"cannot read folder: {error.strerror}"))

    for folder, subfolders, names in os.walk(directory, onerror=unreadable_folder):
        subfolders[:] = sorted(name for name in subfolders if name not in _SKIPPED_DIRS)
        for name in sorted(names):
            if not name.endswith(".py"):
                continue
            path = Path(folder) / name
            source = read_source(path)
            if source.text is None:
                found.unreadable.append((path, source.problem or "cannot read file"))
            elif imports_pypto_language(source.text):
                found.kernels.append(path)
    return found
