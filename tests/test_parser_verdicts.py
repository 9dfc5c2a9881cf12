"""The general front-end errors against the real compiler's verdicts, through `pto-lsp check`.

`../shared/corpus/parser-verdicts/` holds one-mistake kernels and what the real
PyPTO front end (hw-native-sys/pypto e2d0f78) said about each. Every case goes
through one `pto-lsp check --format json` run, as a user would check a folder:
- an accepted case must get no error at all (no false positive, ever);
- a rejected case must get an error on the real line whose message contains the
  real message; the cases we know we miss are listed in `MISSED`, strict, so that
  one which starts to pass is noticed and taken off the list.
Skipped when the corpus is not beside the repository.
"""

from __future__ import annotations

from typing import Any

import pytest
from parser_verdicts import VERDICTS, Outcome, check_cases, load_verdicts

pytestmark = pytest.mark.skipif(not VERDICTS.is_dir(), reason="../shared/corpus/parser-verdicts is absent")

_ALL: list[dict[str, Any]] = load_verdicts() if VERDICTS.is_dir() else []
_ACCEPTED = [v for v in _ALL if v["kind"] == "accept"]
_REJECTED = [v for v in _ALL if v["kind"] == "error"]

# Cases whose real error we do not report yet (file names of the corpus).
MISSED: frozenset[str] = frozenset()


def _name(verdict: dict[str, Any]) -> str:
    return verdict["file"].rsplit("/", 1)[-1]


@pytest.fixture(scope="module")
def outcomes() -> dict[str, Outcome]:
    return {outcome.name: outcome for outcome in check_cases(_ALL)}


@pytest.mark.parametrize("verdict", _ACCEPTED, ids=_name)
def test_accepted_case_gets_no_error(verdict: dict[str, Any], outcomes: dict[str, Outcome]) -> None:
    outcome = outcomes[_name(verdict)]
    assert outcome.matched, outcome.describe()


@pytest.mark.parametrize(
    "verdict",
    [
        pytest.param(v, marks=pytest.mark.xfail(strict=True, reason="not modelled yet"))
        if _name(v) in MISSED
        else v
        for v in _REJECTED
    ],
    ids=_name,
)
def test_rejected_case_gets_the_real_error_on_the_real_line(
    verdict: dict[str, Any], outcomes: dict[str, Outcome]
) -> None:
    outcome = outcomes[_name(verdict)]
    assert outcome.matched, outcome.describe()


def test_at_least_nine_in_ten_real_errors_are_reported(outcomes: dict[str, Outcome]) -> None:
    matched = sum(outcomes[_name(v)].matched for v in _REJECTED)
    assert matched >= 0.9 * len(_REJECTED), f"{matched}/{len(_REJECTED)}"


def test_the_diagnostic_carries_the_real_exception_class(outcomes: dict[str, Outcome]) -> None:
    """Where we match the message, `data` names the exception class the real compiler raised."""
    checked = 0
    for verdict in _REJECTED:
        outcome = outcomes[_name(verdict)]
        oracle = verdict["oracle"]
        for error in outcome.errors:
            if oracle["message"] in error["message"]:
                assert error.get("data", {}).get("exception") == oracle["error_class"], outcome.describe()
                checked += 1
                break
    assert checked, "no case matched"
