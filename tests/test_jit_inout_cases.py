"""A `@pl.jit` entry that reads its Out parameter after passing it to a `@pl.jit.incore` call
(`tests/data/jit_cases/inout_read_after_call.py`: `scale_rows(x, y)` then `return y`), held
to the real compiler (`tests/record_upstream_verdicts.py tests/data/jit_verdicts.json`: the
file run as `__main__`, which specialises and compiles the entry).

The real compile refuses it at pipeline_input (InOutUseValid: "variable 'y' was passed as
InOut/Out at ...:22:5; read the post-call return value instead of the pre-call variable",
located at the entry's `def`). pto-lsp does not run the pipeline_input verifier on a JIT
composition yet: a known miss, never a misjudgement.
"""

from __future__ import annotations

import json

from conftest import PERF_HINT, REPO, run_cli

VERDICTS = json.loads((REPO / "tests" / "data" / "jit_verdicts.json").read_text(encoding="utf-8"))["cases"]
ERROR = 1


def test_the_recorded_entry_is_refused_by_the_real_verifier():
    [case] = VERDICTS
    assert case["real"]["accepted"] is False
    assert case["real"]["error"]["message"].startswith("Verification failed after 'pipeline_input'")
    assert "InOutUseValid" in case["real"]["error"]["message"]


def test_a_jit_inout_read_not_reported_yet_gets_no_other_error():
    """Missed, never misjudged: no error of ours stands in for the real one."""
    [case] = VERDICTS
    proc = run_cli("--format", "json", str(REPO / case["file"]))
    assert proc.returncode in (0, 1), proc.stderr
    [checked] = json.loads(proc.stdout)["files"]
    errors = [d for d in checked["diagnostics"] if d["severity"] == ERROR and d["code"] != PERF_HINT]
    assert errors == []
