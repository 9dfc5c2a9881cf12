"""The ledger of the real compiler's user-facing raise sites (docs/raise-sites.md).

    python tests/raise_sites.py            # scan and classify; print the counts
    python tests/raise_sites.py --write    # and write docs/ledger/raise_sites.jsonl, docs/raise-sites.md

Scans the real PyPTO source (hw-native-sys/pypto e2d0f78, a bare git mirror: `$PYPTO_MIRROR`,
by default `pypto-mirror` in the working directory) for every raise site in the files DSL
source reaches (`raise_ledger/scope.py`), gives each a stable id, and classifies it
(`raise_ledger/classify.py`) against every real-judged row (`raise_ledger/real_rows.py`),
running pto-lsp's check on the rows it needs. Nothing of the real compiler is imported or run.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from raise_ledger import scan_cpp, scan_python
from raise_ledger.classify import STATUSES, classify, judge_with_pto_lsp, memoised
from raise_ledger.fixed_arity import fixed_count_reasons
from raise_ledger.mirror import Mirror
from raise_ledger.real_rows import load_rows
from raise_ledger.scope import component_of, cpp_files, pass_of, python_files
from raise_ledger.table import COMPONENTS, TABLE, render, write_ledger


def scan_sites(mirror: Mirror) -> list[dict]:
    """Every site, in file and line order, with its id (file, function, template hash, rank)."""
    sites: list[dict] = []
    for path in python_files(mirror.files):
        for site in scan_python.scan(mirror.read(path)):
            sites.append(_record(path, None, site.function, site.line, site.raises, site.template))
    for path in cpp_files(mirror.files):
        text = mirror.read(path)
        pass_name = pass_of(path, text)
        for site in scan_cpp.scan(text):
            record = _record(path, pass_name, site.function, site.line, site.raises, site.template)
            if site.ops:
                record["ops"] = list(site.ops)
            sites.append(record)
    ranks: Counter[str] = Counter()
    for site in sites:
        ranks[site["id"]] += 1
        if ranks[site["id"]] > 1:
            site["id"] += f"#{ranks[site['id']]}"
    return sites


def _record(path: str, pass_name: str | None, function: str, line: int, raises: str, template: str) -> dict:
    digest = hashlib.sha1(f"{raises}\0{template}".encode()).hexdigest()[:10]
    return {
        "id": f"{path}::{function}::{digest}",
        "component": component_of(path, pass_name),
        "pass": pass_name,
        "file": path,
        "function": function,
        "line": line,
        "raises": raises,
        "template": template,
    }


def build(mirror: Mirror) -> list[dict]:
    sites = scan_sites(mirror)
    classify(sites, load_rows(), memoised(judge_with_pto_lsp), fixed_count_reasons(mirror, sites))
    return sites


def counts_text(sites: list[dict]) -> str:
    counts = Counter((site["component"], site["status"]) for site in sites)
    lines = [f"{'component':16}" + "".join(f"{s:>22}" for s in STATUSES)]
    for component in COMPONENTS:
        lines.append(f"{component:16}" + "".join(f"{counts[(component, s)]:>22}" for s in STATUSES))
    lines.append(f"{'all':16}" + "".join(f"{sum(counts[(c, s)] for c in COMPONENTS):>22}" for s in STATUSES))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write the ledger and docs/raise-sites.md")
    parser.add_argument("--mirror", help="the bare git mirror of hw-native-sys/pypto (else $PYPTO_MIRROR)")
    options = parser.parse_args()
    mirror = Mirror(options.mirror)
    if not mirror.available():
        print(f"no mirror of the real compiler at {mirror.path}", file=sys.stderr)
        return 2
    sites = build(mirror)
    print(counts_text(sites))
    if options.write:
        write_ledger(sites)
        TABLE.write_text(render(sites), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
