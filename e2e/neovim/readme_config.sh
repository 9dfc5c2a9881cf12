#!/usr/bin/env bash
# The README's Neovim config, run as written (extracted from README.md) by each Neovim given:
# it starts `pto-lsp serve` for a kernel, the PTO101 diagnostic arrives, a hover answers, and a
# second kernel of the folder reuses the client. `pto-lsp` is a shim on PATH running "$PY -m pto_lsp".
# Usage: bash e2e/neovim/readme_config.sh [NVIM...]   (default: nvim on PATH)
# Env: PY (Python with pto-lsp, default .venv/bin/python).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PY=${PY:-$ROOT/.venv/bin/python}
WORK=$(mktemp -d /tmp/pto-nvim-readme.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/bin" "$WORK/project"
printf '#!/bin/sh\nexec %s -m pto_lsp "$@"\n' "$PY" > "$WORK/bin/pto-lsp"
chmod +x "$WORK/bin/pto-lsp"
# The ```lua block under "### Neovim" in the README, as a user would paste it into init.lua.
python3 - "$ROOT/README.md" "$WORK/init.lua" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
section = text[text.index("### Neovim"):]
block = re.search(r"```lua\n(.*?)```", section, re.S)
assert block, "no lua block under ### Neovim"
open(sys.argv[2], "w", encoding="utf-8").write(block.group(1))
PY
touch "$WORK/project/pyproject.toml"
cp "$ROOT/examples/mistake_nested_marker.py" "$WORK/project/first.py"
cp "$ROOT/examples/bypass_matmul.py" "$WORK/project/second.py"
status=0
for NVIM in "${@:-nvim}"; do
  version=$("$NVIM" --version | head -1)
  if (cd "$WORK/project" && PATH="$WORK/bin:$PATH" PTO_SECOND="$WORK/project/second.py" \
      timeout 60 "$NVIM" --headless --clean -u "$WORK/init.lua" first.py \
      -c "luafile $HERE/readme_probe.lua") > "$WORK/out.json" 2> "$WORK/err"; then
    echo "neovim README config: PASS on $version: $(tail -1 "$WORK/out.json")"
  else
    echo "neovim README config: FAIL on $version: $(tail -1 "$WORK/out.json" 2>/dev/null)"
    head -20 "$WORK/err"
    status=1
  fi
done
exit $status
