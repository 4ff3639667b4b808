#!/usr/bin/env bash
# Fill editors/vscode/bundled/libs with the server: promptls from this checkout and its
# dependencies, as pure Python, so one .vsix runs on any OS with a Python >= 3.11.
#
# Every dependency but PyYAML ships a py3-none-any wheel. PyYAML's wheels carry an optional
# C accelerator (yaml/_yaml*.so) next to its pure-Python package; `yaml` imports without it
# (yaml.__with_libyaml__ is then False, and promptls only calls yaml.safe_load), so the
# accelerator and the `_yaml` shim are removed rather than shipping one .vsix per platform.
# promptls' own C speedup (hatch_build.py) is not built (PROMPTLS_PURE): promptls takes its
# pure-Python paths without it. The script fails if any other compiled file is left.
#
# Python: $PYTHON, else the checkout's .venv, else python3 (it needs pip; dependencies come
# from PyPI or pip's cache).
set -euo pipefail
EXT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT="$(cd "$EXT/../.." && pwd)"
PY="${PYTHON:-}"
if [[ -z $PY ]]; then
  if [[ -x $ROOT/.venv/bin/python ]]; then PY="$ROOT/.venv/bin/python"; else PY=python3; fi
fi
OUT="$EXT/bundled/libs"
rm -rf "$EXT/bundled"
mkdir -p "$OUT"
log="$(mktemp)"
if ! PROMPTLS_PURE=1 "$PY" -m pip install --disable-pip-version-check --no-compile --target "$OUT" "$ROOT" >"$log" 2>&1; then
  cat "$log" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
rm -rf "$OUT/bin" "$OUT/_yaml" "$OUT"/yaml/_yaml*.so "$OUT"/yaml/_yaml*.pyd
find "$OUT" -name __pycache__ -prune -exec rm -rf {} +
compiled="$(find "$OUT" -type f \( -name '*.so' -o -name '*.pyd' -o -name '*.dylib' \))"
if [[ -n $compiled ]]; then
  echo "bundle.sh: compiled files left in the bundle (not pure Python):" >&2
  echo "$compiled" >&2
  exit 1
fi
echo "bundle.sh: $(ls -d "$OUT"/*.dist-info | xargs -n1 basename | sed 's/\.dist-info$//' | tr '\n' ' ')"
