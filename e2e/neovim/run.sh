#!/usr/bin/env bash
# End-to-end test with a real Neovim (headless, its built-in LSP client) against `pto-lsp serve`
# over stdio: diagnostic, hover, code action applied, diagnostics cleared, hover shows BYPASS.
# Prints PASS or FAIL (with the probe's JSON) and exits non-zero on failure.
# Env: PY (Python with pto-lsp, default .venv/bin/python), KERNEL (default
#      examples/mistake_nested_marker.py), SERVER_CMD (override the whole server command).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PY=${PY:-$ROOT/.venv/bin/python}
KERNEL=${KERNEL:-$ROOT/examples/mistake_nested_marker.py}
SERVER_CMD=${SERVER_CMD:-$PY -m pto_lsp serve}
command -v nvim >/dev/null || { echo "neovim e2e: FAIL (nvim is not installed: apt-get install neovim)"; exit 1; }
WORK=$(mktemp -d /tmp/pto-nvim-e2e.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cp "$KERNEL" "$WORK/"
T0=$(date +%s%N)
status=0
( cd "$WORK" && PTO_CMD="$SERVER_CMD" PTO_FILE="$WORK/$(basename "$KERNEL")" \
    timeout 60 nvim --headless --clean -u "$HERE/probe.lua" ) > "$WORK/result.json" 2> "$WORK/stderr" || status=$?
MS=$(( ($(date +%s%N) - T0) / 1000000 ))
python3 - "$WORK/result.json" <<'PY' || true
import json, sys
text = open(sys.argv[1]).read().strip()
try:
    result = json.loads(text.splitlines()[-1])
except (ValueError, IndexError):
    print(text or "(the probe printed nothing)")
    sys.exit(0)
for check in result.get("checks", []):
    detail = f": {json.dumps(check['detail'])[:200]}" if "detail" in check else ""
    print(f"{'ok  ' if check['ok'] else 'FAIL'} {check['name']}{detail}")
print("steps (ms since start):", json.dumps(result.get("ms", {})))
print("hover before the fix:", json.dumps(result.get("hover_before")))
print("hover after the fix: ", json.dumps(result.get("hover_after")))
PY
if [ "$status" -eq 0 ]; then
  echo "neovim e2e: PASS in $MS ms ($(nvim --version | head -1))"
else
  awk 'NR <= 20' "$WORK/stderr"  # (awk ends the last line)
  echo "neovim e2e: FAIL (status $status) after $MS ms"
  exit 1
fi
