# Sourced by scripts/*: make sure .venv exists and holds the project with the given extra.
# The install is skipped when its inputs have not changed since the last one (a stamp
# file keeps its hash), so the inner loop stays fast; a fresh clone always installs.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="${PYTHON:-python3}"

ensure_venv() {
  local extra="${1:-}"
  local spec="$ROOT"
  [[ -n $extra ]] && spec="$ROOT[$extra]"
  if [[ ! -x $VENV/bin/python ]]; then
    echo "==> creating $VENV"
    "$PY" -m venv "$VENV"
  fi
  local stamp="$VENV/.promptls-install-$extra"
  local want
  # The install also builds the C speedup (hatch_build.py): its source and the hook count.
  want="$(cat "$ROOT/pyproject.toml" "$ROOT/hatch_build.py" "$ROOT"/server/promptls/text/*.c | sha256sum | cut -d' ' -f1)"
  if [[ ! -f $stamp || "$(cat "$stamp")" != "$want" ]]; then
    echo "==> installing promptls${extra:+[$extra]} into .venv"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e "$spec"
    echo "$want" >"$stamp"
  fi
}
