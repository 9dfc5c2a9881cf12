#!/usr/bin/env bash
# The Neovim e2e must fail, fast and loudly, when the server is broken: run it against a
# "server" that exits at once and expect a non-zero status and a FAIL line.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
out=$(SERVER_CMD=false bash "$HERE/run.sh" 2>&1)
status=$?
if [ "$status" -ne 0 ] && grep -q '^neovim e2e: FAIL' <<<"$out"; then
  echo "neovim e2e self-test: PASS (a server that exits makes the e2e fail: status $status)"
else
  echo "$out"
  echo "neovim e2e self-test: FAIL (status $status with a dead server)"
  exit 1
fi
