"""The cache policies a global-memory read can carry (`pl.CachePolicy`), by the
integer the IR stores in `cache=` kwargs, `cache_policy_vars` and the `cache_policy`
function attr (reference-cache-policy.md §1). The one place these numbers are written.
"""

from __future__ import annotations

DEFAULT, BYPASS = 0, 1
POLICY_VALUES: dict[str, int] = {"DEFAULT": DEFAULT, "BYPASS": BYPASS}
POLICY_NAMES: dict[int, str] = {value: name for name, value in POLICY_VALUES.items()}
