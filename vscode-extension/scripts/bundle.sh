#!/usr/bin/env bash
# Fills bundled/libs with the pto-lsp server (built from this repository) and its pure-Python
# dependencies (bundled/requirements.txt), so that the .vsix runs the server with any
# Python >= 3.10 and no pip step. Every file bundled is checked to be pure Python: a native
# file would tie the .vsix to one platform (then it would need `vsce package --target`).
# Env: PY (the Python whose pip does the work; default python3). Needs PyPI (or pip's cache).
set -euo pipefail
HERE=$(cd "$(dirname "$0")/.." && pwd)
REPO=$(cd "$HERE/.." && pwd)
PY=${PY:-python3}
LIBS="$HERE/bundled/libs"
pip_quiet() { "$PY" -m pip --disable-pip-version-check --no-input "$@" -q; }

rm -rf "$LIBS"
mkdir -p "$LIBS"
# Pure-Python wheels only, whatever this machine is: the tags of a Python 3.10 without a platform.
pip_quiet install --target "$LIBS" --no-deps --only-binary=:all: \
  --platform any --implementation py --abi none --python-version 3.10 \
  -r "$HERE/bundled/requirements.txt"
# The server itself (its own dependencies are the ones above; tree-sitter is not needed), built
# from a copy of its sources: a build in the checkout would leave build/, whose stale files
# setuptools packs into later wheels.
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/src"
tar -C "$REPO" --exclude=__pycache__ -cf - pyproject.toml README.md compiler pto_lsp | tar -C "$WORK/src" -xf -
# The explanation of every diagnostic code, which the diagnostics link (codeDescription).
mkdir -p "$WORK/src/pto_lsp/docs"
cp "$REPO/docs/diagnostics.md" "$WORK/src/pto_lsp/docs/"
pip_quiet wheel --no-deps --wheel-dir "$WORK/wheels" "$WORK/src" 2>"$WORK/wheel.log" \
  || { cat "$WORK/wheel.log" >&2; echo "bundle: building the pto-lsp wheel failed" >&2; exit 1; }
pip_quiet install --target "$LIBS" --no-deps "$WORK"/wheels/pto_lsp-*-py3-none-any.whl
rm -rf "$LIBS/bin"
find "$LIBS" -name __pycache__ -type d -prune -exec rm -rf {} +

native=$(find "$LIBS" -type f \( -name '*.so' -o -name '*.pyd' -o -name '*.dylib' -o -name '*.dll' \) | head -5)
if [ -n "$native" ]; then
  echo "bundle: native files in bundled/libs (the .vsix would be platform-specific):" >&2
  echo "$native" >&2
  exit 1
fi
# The bundle alone must run the server: no site-packages (-S), no user environment (-I).
probe=$("$PY" -I -S -B "$HERE/bundled/tool/launch.py" --probe)
case "$probe" in
  *'"from": "bundled"'*) ;;
  *) echo "bundle: the bundled server does not import: $probe" >&2; exit 1 ;;
esac
echo "bundle: $(du -sh "$LIBS" | cut -f1) in bundled/libs; $probe"
