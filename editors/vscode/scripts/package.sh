#!/usr/bin/env bash
# Type-check, bundle and package the extension, with the server in bundled/libs
# (scripts/bundle.sh), into editors/vscode/promptls.vsix. vsce needs no network for
# `package`; the server's dependencies come from PyPI or pip's cache. Needs node_modules:
# `npm ci` first (or scripts/setup-vscode, which caches it).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ ! -d node_modules ]]; then
  echo "package.sh: node_modules missing; run 'npm ci' in editors/vscode first" >&2
  exit 1
fi
start=$SECONDS
node_modules/.bin/tsc --noEmit -p .
node_modules/.bin/tsc --noEmit -p test
node esbuild.mjs --production
bash scripts/bundle.sh
# --no-dependencies: the esbuild bundle already holds them.
node_modules/.bin/vsce package --no-dependencies --no-update-package-json --out promptls.vsix >/dev/null
echo "package.sh: built $(pwd)/promptls.vsix ($(stat -c %s promptls.vsix) bytes, $((SECONDS - start))s)"
