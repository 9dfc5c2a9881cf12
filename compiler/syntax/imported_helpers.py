"""The `@pl.jit` helpers a module imports from a module beside it, read from that file.

A model of pypto-lib is a directory of scripts that import each other by bare name
(`from markov_head import markov_head`): run as a script, a file has its own directory on
`sys.path`, and the real `@pl.jit` compiles an imported helper as one of the file's own
(it finds its dependencies among the entry's globals). We never import or run that
module: its source is parsed, and each top-level def its own imports make a `@pl.jit`
helper (`HELPER_KINDS`) is summarised as a `DslFunction` (its kind, and what a call of it
binds: `helper_returns`); its module constants are folded, as a module's own are
(`from config import FLASH as M`, then `M.hidden_size`: `dataclass_values`). A helper's
return annotation, which names that module's constants, is left unread (the call's
result stays unknown).

The parse of a file is kept while its modification time and size are unchanged.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Callable
from typing import Any

# The kinds of `@pl.jit` function a module's entry may take from another module as a
# dependency (an entry kind, compiled on its own, is left unknown as before).
HELPER_KINDS = frozenset({"jit.inline", "jit.incore", "jit.opaque", "jit.extern"})

# path -> ((mtime_ns, size), the helpers its top level defines by name)
_READ: dict[str, tuple[tuple[int, int], dict[str, Any]]] = {}

# (a module's tree, its directory) -> what its top level binds that another module may import
Summarise = Callable[[ast.Module, str], dict[str, Any]]
# The files being read (a module importing one that imports it back reads nothing of it).
_READING: set[str] = set()


def module_file(directory: str, module: str) -> str | None:
    """The file `import <module>` finds in `directory` (a module, not a package), if any."""
    if not module or module.startswith(".") or not all(part.isidentifier() for part in module.split(".")):
        return None
    path = os.path.join(directory, *module.split(".")) + ".py"
    return path if os.path.isfile(path) else None


def imported_helper(directory: str, module: str, name: str, summarise: Summarise) -> Any:
    """The helper (or constant) `name` of `module` (a file of `directory`), summarised by
    `summarise` from the module's tree; None when there is no such file or name."""
    path = module_file(directory, module)
    if path is None:
        return None
    try:
        status = os.stat(path)
    except OSError:
        return None
    key = (status.st_mtime_ns, status.st_size)
    found = _READ.get(path)
    if found is None or found[0] != key:
        if path in _READING:
            return None
        _READING.add(path)
        try:
            found = (key, _summary(path, summarise))
        finally:
            _READING.discard(path)
        _READ[path] = found
    return found[1].get(name)


def _summary(path: str, summarise: Summarise) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as source:
            tree = ast.parse(source.read(), filename=path)
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError):
        return {}  # a module Python could not import: the name stays unknown
    return summarise(tree, os.path.dirname(path))
