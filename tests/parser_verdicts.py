"""Score `pto-lsp check --format json` against the real compiler's parser verdicts.

`../shared/corpus/parser-verdicts/` holds one-mistake kernels and what the real
PyPTO front end said about each (class, first message line, line, column). A case
is matched when the check reports an error on the real line (where the real error
has one) whose message contains the real message. An accepted case must get no
error at all.

Run it on its own to see where the front end stands:

    python tests/parser_verdicts.py [-v] [--category REGEX] [--ops]

(`--ops`: the op-rule verdicts of `../shared/corpus/op-verdicts/` instead.)
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
VERDICTS = REPO.parent / "shared" / "corpus" / "parser-verdicts"
# The same kind of record for mistakes against the ops' own rules.
OP_VERDICTS = REPO.parent / "shared" / "corpus" / "op-verdicts"
# The pipeline's errors after the parser (PTO7xx) are no parser verdicts: a case the parser
# accepts may still be rejected by a pass or codegen. They are held to the real pipeline's
# verdicts of the same cases in tests/test_pipeline_errors.py. Nor are the IR verifier's
# (PTO6xx), which runs before the first pass (tests/test_verifier.py).
PIPELINE_PREFIX = ("PTO7", "PTO6")


@dataclass(frozen=True)
class Outcome:
    verdict: dict[str, Any]
    errors: list[dict[str, Any]]

    @property
    def name(self) -> str:
        return Path(self.verdict["file"]).name

    @property
    def accepted(self) -> bool:
        return self.verdict["kind"] == "accept"

    @property
    def matched(self) -> bool:
        """An accepted case: no error. A rejected one: the real error, on the real line."""
        if self.accepted:
            return not self.errors
        oracle = self.verdict["oracle"]
        return any(
            oracle["message"] in error["message"]
            and (oracle.get("line") is None or error["range"]["start"]["line"] + 1 == oracle["line"])
            for error in self.errors
        )

    def describe(self) -> str:
        oracle = self.verdict["oracle"]
        said = [f"{e['range']['start']['line'] + 1}: {e['message'][:120]}" for e in self.errors]
        if self.accepted:
            return f"{self.name}: accepted by the real compiler, we said {said}"
        return f"{self.name}: real {oracle.get('line')}: {oracle['message']!r}; we said {said}"


def load_verdicts(root: Path = VERDICTS) -> list[dict[str, Any]]:
    return json.loads((root / "verdicts.json").read_text(encoding="utf-8"))


def check_cases(verdicts: list[dict[str, Any]], root: Path = VERDICTS) -> list[Outcome]:
    """One `pto-lsp check --format json` run over every case file."""
    files = [str(root / v["file"]) for v in verdicts]
    run = subprocess.run(
        [sys.executable, "-m", "pto_lsp", "check", "--format", "json", *files],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    if run.returncode not in (0, 1) or not run.stdout.strip():
        raise RuntimeError(f"pto-lsp check failed ({run.returncode}): {run.stderr}")
    reported = {Path(f["path"]).name: f["diagnostics"] for f in json.loads(run.stdout)["files"]}
    return [
        Outcome(
            v,
            [
                d
                for d in reported.get(Path(v["file"]).name, [])
                if d.get("severity") == 1 and not d.get("code", "").startswith(PIPELINE_PREFIX)
            ],
        )
        for v in verdicts
    ]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="list every case not matched")
    parser.add_argument("--category", default="", help="only categories matching this regex")
    parser.add_argument("--ops", action="store_true", help="score the op-rule verdicts instead")
    args = parser.parse_args()
    root = OP_VERDICTS if args.ops else VERDICTS
    verdicts = [v for v in load_verdicts(root) if re.search(args.category, v["category"])]
    outcomes = check_cases(verdicts, root)
    errors = [o for o in outcomes if not o.accepted]
    accepted = [o for o in outcomes if o.accepted]
    matched = sum(o.matched for o in errors)
    false_positives = sum(not o.matched for o in accepted)
    by_category: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in errors:
        by_category[outcome.verdict["category"]].append(outcome)
    for category, group in sorted(by_category.items()):
        hits = sum(o.matched for o in group)
        if hits < len(group):
            print(f"  {category}: {hits}/{len(group)}")
    if args.verbose:
        for outcome in outcomes:
            if not outcome.matched:
                print(outcome.describe())
    rate = matched / len(errors) if errors else 1.0
    print(
        f"errors matched: {matched}/{len(errors)} ({rate:.1%}); accepted cases with an error: "
        f"{false_positives}/{len(accepted)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
