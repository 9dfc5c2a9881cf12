"""Every real pass dump of the corpus (`../shared/corpus/pass-dumps`, stages 0 to 11),
read by our parser and printed again, is byte-identical to itself (trailing blanks
aside): comments, scope headers (`deps=`, `optimizations=`), declared types (`pl.Array`,
a loop's return var), scalar `pl.min`, `syncall`'s soft form, a SubWorker's Python.

A dump the real printer wrote with a free variable (`x__FREE_VAR`, malformed IR) is one
the real parser rejects too: it is refused, never printed differently."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))
import pass_dumps  # noqa: E402


def _cases() -> list:
    if not pass_dumps.DUMPS.is_dir():
        return []
    return [
        pytest.param(entry, stage, id=f"{entry.id}-{stage:02d}")
        for entry in pass_dumps.entries()
        for stage in pass_dumps.STAGES
    ]


@pytest.mark.parametrize(("entry", "stage"), _cases())
def test_a_real_dump_reads_back_as_itself(entry: pass_dumps.Entry, stage: int):
    real = entry.real(stage)
    ours = pass_dumps.transition_dump(entry, stage, roundtrip=True)
    if ours is None or entry.program not in ours:
        assert "__FREE_VAR" in real, "a well-formed dump was refused"
        return
    assert pass_dumps.verdict(entry, stage, ours) == pass_dumps.IDENTICAL
