#!/usr/bin/env bash
# End-to-end test in a real VS Code: code-server (installed by install.sh) with our .vsix
# installed into a fresh profile, driven by headless Chromium (probe.js). The only Python the
# editor sees is the system's plain Python 3 (no pto-lsp, no pygls), found on PATH, no
# interpreter setting: the .vsix alone must bring the server.
# Prints PASS or FAIL (with the probe's JSON and the extension's log) and exits non-zero on failure.
# Env: E2E_TOOLS (install.sh's folder), VSIX (default vscode-extension/pto-lsp.vsix),
#      PLAIN_PYTHON (the plain Python 3 >= 3.10 first on the system PATH, default /usr/bin/python3),
#      OUT (screenshots, default e2e/.out/code-server),
#      KERNEL (default examples/mistake_nested_marker.py), PORT (default: a free one),
#      E2E_OPEN_TO_SQUIGGLE_MAX_MS (the bound of open -> first squiggle, default 2000; see
#      probe.js), KEEP_RUN (non-empty: keep the run's folder, logs included, after a PASS too).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
E2E_TOOLS=$(cd "${E2E_TOOLS:-$HERE/../.tools}" && pwd)
VSIX=${VSIX:-$ROOT/vscode-extension/pto-lsp.vsix}
PLAIN_PYTHON=${PLAIN_PYTHON:-/usr/bin/python3}
OUT=${OUT:-$ROOT/e2e/.out/code-server}
KERNEL=${KERNEL:-$ROOT/examples/mistake_nested_marker.py}
PORT=${PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
CS="$E2E_TOOLS/app/node_modules/code-server/out/node/entry.js"
export PATH="$E2E_TOOLS/node24/bin:$PATH"
T0=$(date +%s.%N)

for need in "$CS" "$VSIX" "$PLAIN_PYTHON" "$KERNEL"; do
  [ -e "$need" ] || { echo "code-server e2e: FAIL (missing $need; run install.sh / npm run package first)"; exit 1; }
done

RUN=$(mktemp -d /tmp/pto-cs-e2e.XXXXXX)
mkdir -p "$RUN/ws" "$RUN/user/User" "$RUN/ext" "$OUT"
rm -f "$OUT"/*.png
# The editor's Python: the system's, which must not have pto-lsp or its libraries.
for module in pto_lsp pygls lsprotocol; do
  if (cd / && "$PLAIN_PYTHON" -c "import $module" 2>/dev/null); then
    echo "code-server e2e: FAIL ($PLAIN_PYTHON can import $module: not a plain Python)"; exit 1
  fi
done
echo "editor's Python: $("$PLAIN_PYTHON" --version) ($PLAIN_PYTHON, without pto-lsp)"
# the kernel, and a second one opened once the server runs
cp "$KERNEL" "$ROOT/examples/mistake_conflict.py" "$RUN/ws/"
# a formatted kernel for a quick fix, and the kernel a marker is typed into key by key,
# in a folder of their own (a fresh window: nothing restored from the first folder's)
mkdir -p "$RUN/ws-edit"
cp "$HERE/fixtures/formatted_kernel.py" "$HERE/fixtures/typing_kernel.py" "$RUN/ws-edit/"
# inlay hints: a kernel that declares a policy and one that does not; the warning stays on
mkdir -p "$RUN/ws-hints/.vscode"
cp "$HERE/fixtures/hints_kernel.py" "$ROOT/examples/coherency_hint.py" "$ROOT/examples/bypass_matmul.py" "$RUN/ws-hints/"
printf '{ "ptoLsp.ptoasCachePolicy": "unsupported" }\n' > "$RUN/ws-hints/.vscode/settings.json"
# a project without PyPTO, whose interpreter setting could not even start the server:
# the extension must start nothing and say nothing
mkdir -p "$RUN/ws-no-pypto/.vscode"
cp "$HERE/fixtures/not_pypto.py" "$RUN/ws-no-pypto/"
printf '{ "ptoLsp.interpreter": ["%s"] }\n' "$RUN/no-such-python" > "$RUN/ws-no-pypto/.vscode/settings.json"
# the kernel in a folder whose interpreter setting names a Python that does not exist
mkdir -p "$RUN/ws-broken/.vscode"
cp "$KERNEL" "$RUN/ws-broken/"
printf '{ "ptoLsp.interpreter": ["%s"] }\n' "$RUN/no-such-python" > "$RUN/ws-broken/.vscode/settings.json"
# A fresh profile: no welcome page, no trust prompt, nothing saved or restored behind our back.
cat > "$RUN/user/User/settings.json" <<JSON
{
  "workbench.startupEditor": "none",
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "workbench.enableExperiments": false,
  "workbench.tips.enabled": false,
  "chat.disableAIFeatures": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "files.autoSave": "off",
  "files.hotExit": "off",
  "editor.hover.delay": 200,
  "ptoLsp.ptoasCachePolicy": "attribute",
  "ptoLsp.debounceMs": 0
}
JSON
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$PORT" > "$RUN/config.yaml"

node "$CS" --config "$RUN/config.yaml" --user-data-dir "$RUN/user" --extensions-dir "$RUN/ext" \
  --install-extension "$VSIX" > "$RUN/install-extension.log" 2>&1 \
  || { cat "$RUN/install-extension.log"; echo "code-server e2e: FAIL (the .vsix did not install)"; exit 1; }
T_INSTALLED=$(date +%s.%N)

# No extension gallery (none is reachable): point it at a closed loopback port instead of open-vsx.org.
export EXTENSIONS_GALLERY='{"serviceUrl": "http://127.0.0.1:9/gallery", "itemUrl": "http://127.0.0.1:9/items"}'
# code-server in its own process group, ended with everything it started (extension host, server)
# The system PATH only, and an empty HOME, so that the login shell VS Code reads the environment
# from (bash -il) adds no Python of this machine's profile (pyenv, this repository's venv).
mkdir -p "$RUN/home"
PATH="$E2E_TOOLS/node24/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  HOME="$RUN/home" VIRTUAL_ENV= PYTHONPATH= PYTHONHOME= setsid sh -c 'cd "$1" && shift && exec "$@"' sh "$RUN" node "$CS" --config "$RUN/config.yaml" --auth none --bind-addr "127.0.0.1:$PORT" \
  --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
  --user-data-dir "$RUN/user" --extensions-dir "$RUN/ext" "$RUN/ws" > "$RUN/code-server.log" 2>&1 &
CS_PID=$!
trap 'kill -- -$CS_PID 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz" && break
  kill -0 "$CS_PID" 2>/dev/null || break
  sleep 0.25
done

status=0
BASE="http://127.0.0.1:$PORT/?folder=$RUN"
NODE_PATH="$E2E_TOOLS/app/node_modules" RUN_DIR="$RUN" PLAIN_PYTHON="$PLAIN_PYTHON" timeout 420 node "$HERE/probe.js" \
  "$BASE/ws" "$(basename "$KERNEL")" "$OUT" "$BASE/ws-broken" "$BASE/ws-no-pypto" "$BASE/ws-hints" "$BASE/ws-edit" > "$RUN/result.json" || status=$?
T_END=$(date +%s.%N)
cat "$RUN/result.json"
seconds() { python3 -c "print(f'{$1 - $2:.1f}')"; }
if [ "$status" -eq 0 ]; then
  echo "open -> first squiggle: $("$PLAIN_PYTHON" -c 'import json, sys; print(json.load(sys.stdin)["openToSquiggle"])' < "$RUN/result.json")"
  echo "code-server e2e: PASS in $(seconds "$T_END" "$T0") s (vsix install $(seconds "$T_INSTALLED" "$T0") s, browser run $(seconds "$T_END" "$T_INSTALLED") s); screenshots in $OUT"
  [ -n "${KEEP_RUN:-}" ] || rm -rf "$RUN"
else
  echo "---- the extension's output channel"
  find "$RUN/user/logs" -name '*PTO Language Server*.log' -exec tail -n 40 {} \; 2>/dev/null || true
  echo "---- code-server log (tail)"
  tail -n 20 "$RUN/code-server.log" || true
  echo "code-server e2e: FAIL (status $status) after $(seconds "$T_END" "$T0") s; screenshots in $OUT, logs in $RUN"
  exit 1
fi
