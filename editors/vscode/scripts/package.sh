#!/usr/bin/env bash
# Type-check, bundle and package the extension into editors/vscode/promptls.vsix, offline
# (vsce needs no network for `package`). Needs node_modules: `npm ci` first (or
# scripts/setup-vscode, which caches it).
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
# --no-dependencies: the bundle already holds them. --allow-missing-repository: the project
# has no public repository URL yet (vsce would otherwise stop and ask). LICENSE ships.
node_modules/.bin/vsce package --no-dependencies --no-update-package-json --allow-missing-repository \
  --out promptls.vsix >/dev/null
echo "package.sh: built $(pwd)/promptls.vsix ($(stat -c %s promptls.vsix) bytes, $((SECONDS - start))s)"
