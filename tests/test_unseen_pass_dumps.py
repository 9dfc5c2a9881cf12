"""The IR view on real programs it was not tuned on: `tests/data/unseen_pass_dumps/`, the
real compiler's own dumps (parse and passes 1-11) of real programs of `../shared/corpus`
outside `pass-dumps`, recorded by `tests/record_unseen_pass_dumps.py`.

At every stage each program's dump is identical to the real one or honestly not shown
(`PassNotModelled`): none may differ. `tests/pass_dumps.py --unseen --record` wrote
`tests/data/unseen_pass_dumps_identical.json`, the stages identical then; every one of them
must stay identical.
"""

from __future__ import annotations

import json

import pytest
from pass_dumps import DIFFERENT, IDENTICAL, UNSEEN, UNSEEN_RECORD, entries, score

pytestmark = pytest.mark.skipif(
    not UNSEEN_RECORD.exists() or not all(e.file.exists() for e in entries(UNSEEN)),
    reason="needs ../shared/corpus (the held-out programs' source files)",
)


@pytest.fixture(scope="module")
def judged() -> dict[tuple[str, int], str]:
    return score(entries(UNSEEN))


def test_no_unseen_program_is_printed_different_from_the_real_dump(judged) -> None:
    differing = sorted(key for key, said in judged.items() if said == DIFFERENT)
    assert not differing, f"printed different from the real dump: {differing}"


def test_every_unseen_dump_recorded_identical_stays_identical(judged) -> None:
    recorded = json.loads(UNSEEN_RECORD.read_text(encoding="utf-8"))["end_to_end"][IDENTICAL]
    lost = [(p, stage) for p, stages in recorded.items() for stage in stages if judged[p, stage] != IDENTICAL]
    assert not lost, f"no longer identical to the real dump: {lost}"
