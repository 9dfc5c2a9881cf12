"""The holes of a list kept aligned with a document's units (None: to fill again)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def unfilled(values: list[Any]) -> Iterator[int]:
    """The indices holding None, in order. The search runs in C (`list.index`), so a
    list of thousands with a few holes costs little; the caller may fill each hole as
    it is given."""
    index = -1
    while True:
        try:
            index = values.index(None, index + 1)
        except ValueError:
            return
        yield index
