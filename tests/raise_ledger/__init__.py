"""The ledger of the real compiler's user-facing raise sites (docs/raise-sites.md).

`python tests/raise_sites.py --write` scans the real PyPTO source (a bare git mirror, its
path in `$PYPTO_MIRROR`), classifies every site against the real-judged rows of this
repository and of `../shared/corpus`, and writes `docs/ledger/raise_sites.jsonl` and the
table `docs/raise-sites.md`. `tests/test_raise_sites.py` keeps both in step with the code.
"""
