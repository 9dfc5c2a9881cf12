"""Completion of `pl.CachePolicy.` members, with what each one means."""

from __future__ import annotations

import re
from dataclasses import dataclass

_AFTER_CACHE_POLICY = re.compile(r"(?:\bpl\.)?\bCachePolicy\.(\w*)$")


@dataclass(frozen=True)
class PolicyItem:
    name: str
    detail: str
    documentation: str


POLICY_ITEMS = (
    PolicyItem(
        "BYPASS",
        "CachePolicy.BYPASS = 1",
        "Stream this tensor past the L2 cache: the kernel does not reuse these bytes and nothing "
        "writes them while it runs. PTOAS has no L2-bypass path yet, so today it compiles as an "
        "ordinary cached access (with a warning).",
    ),
    PolicyItem(
        "DEFAULT",
        "CachePolicy.DEFAULT = 0",
        "The ordinary cached access every read gets. Written explicitly on a `pl.load`, it opts that "
        "one read back into the cache inside a bypassing scope.",
    ),
)


def cache_policy_completions(line_prefix: str) -> list[PolicyItem]:
    """The members to offer when the text before the cursor ends in `pl.CachePolicy.<partial>`."""
    match = _AFTER_CACHE_POLICY.search(line_prefix)
    if match is None:
        return []
    partial = match.group(1)
    return [item for item in POLICY_ITEMS if item.name.startswith(partial.upper()) or not partial]
