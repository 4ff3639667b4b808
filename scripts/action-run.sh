#!/usr/bin/env bash
# The shell part of the GitHub Action (action.yml at the repository root), kept here so the
# test suite can run it (tests/install/test_action.py) with the inputs as environment
# variables, exactly as the action passes them.
#
#   action-run.sh install   install promptls into its own venv, put it on GITHUB_PATH
#   action-run.sh check     run `promptls check`; record its exit status, never fail here
#   action-run.sh finish    exit with the recorded status (after the SARIF upload ran)
#
# Inputs (all optional):
#   PROMPTLS_VERSION   a version from PyPI ("0.1.0"); empty: install PROMPTLS_SOURCE
#   PROMPTLS_SOURCE    what pip installs without a version: the action's own checkout
#   PROMPTLS_PYTHON    the Python that creates the venv (default python3)
#   PROMPTLS_PATHS     files or folders to check, separated by spaces or newlines (default .)
#   PROMPTLS_PROFILE   discovery profile (any name `promptls check --help` lists); empty: the config's
#   PROMPTLS_FORMAT    text, json, github or sarif (default github: pull-request annotations)
#   PROMPTLS_FAIL_ON   error, warning or info; empty: promptls's default (warning)
#   PROMPTLS_SARIF     "true": also write SARIF to PROMPTLS_SARIF_FILE for code scanning
#   PROMPTLS_SARIF_FILE  default promptls.sarif
#   PROMPTLS_BASE      a revision to compare with: annotate only findings new since it
#                      (`check --since`) and write `promptls diff BASE --format markdown`
#                      to the job summary; "none": no comparison
#   PROMPTLS_PR_BASE   the pull request's base commit (the action passes it); used when
#                      PROMPTLS_BASE is empty
#   PROMPTLS_EXIT_CODE   (finish) the status `check` recorded
# GitHub's RUNNER_TEMP, GITHUB_PATH, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY are used when set.
set -uo pipefail

output() { # name=value to the step's outputs (and the log)
  echo "$1"
  if [[ -n ${GITHUB_OUTPUT:-} ]]; then echo "$1" >>"$GITHUB_OUTPUT"; fi
}

install() {
  set -e
  local venv="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/promptls-venv"
  local spec
  if [[ -n ${PROMPTLS_VERSION:-} ]]; then
    if [[ ! ${PROMPTLS_VERSION} =~ ^[0-9A-Za-z.+!-]+$ ]]; then
      echo "promptls action: version '${PROMPTLS_VERSION}' is not a version number" >&2
      exit 2
    fi
    spec="promptls==${PROMPTLS_VERSION}"
  else
    spec="${PROMPTLS_SOURCE:?PROMPTLS_SOURCE or PROMPTLS_VERSION is needed}"
  fi
  "${PROMPTLS_PYTHON:-python3}" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$spec"
  if [[ -n ${GITHUB_PATH:-} ]]; then echo "$venv/bin" >>"$GITHUB_PATH"; fi
  output "promptls=$venv/bin/promptls"
  "$venv/bin/promptls" --version
}

base_revision() { # the revision to compare with, fetched when the checkout lacks it
  local base="${PROMPTLS_BASE:-}"
  [[ -n $base ]] || base="${PROMPTLS_PR_BASE:-}"
  [[ -n $base && $base != none ]] || return 0
  if [[ $base == -* ]]; then
    echo "promptls action: base '$base' is not a revision" >&2
    return 2
  fi
  if ! git rev-parse --verify --quiet --end-of-options "$base^{commit}" >/dev/null; then
    # a shallow checkout (actions/checkout's default) has only the pull request's head
    git fetch --quiet --no-tags --depth=1 origin -- "$base" >&2 || true
    if git rev-parse --verify --quiet FETCH_HEAD >/dev/null &&
      ! git rev-parse --verify --quiet --end-of-options "$base^{commit}" >/dev/null; then
      base=$(git rev-parse FETCH_HEAD)
    fi
  fi
  echo "$base"
}

summary() { # promptls diff BASE as Markdown, appended to the job summary; its status
  local promptls=$1 base=$2 status=0 markdown
  local -a args=(diff --format markdown)
  if [[ -n ${PROMPTLS_PROFILE:-} ]]; then args+=(--profile "$PROMPTLS_PROFILE"); fi
  if [[ -n ${PROMPTLS_FAIL_ON:-} ]]; then args+=(--fail-on "$PROMPTLS_FAIL_ON"); fi
  markdown=$("$promptls" "${args[@]}" -- "$base") || status=$?
  if ((status <= 1)) && [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
    printf '%s\n' "$markdown" >>"$GITHUB_STEP_SUMMARY"
  fi
  return "$status"
}

check() {
  local promptls="${PROMPTLS_BIN:-promptls}"
  local -a paths args
  read -r -d '' -a paths <<<"${PROMPTLS_PATHS:-.}" || true
  ((${#paths[@]})) || paths=(.)
  args=(check)
  if [[ -n ${PROMPTLS_PROFILE:-} ]]; then args+=(--profile "$PROMPTLS_PROFILE"); fi
  if [[ -n ${PROMPTLS_FAIL_ON:-} ]]; then args+=(--fail-on "$PROMPTLS_FAIL_ON"); fi
  local base status=0
  base=$(base_revision) || {
    output "exit-code=2"
    return 0
  }
  if [[ -n $base ]]; then args+=(--since "$base"); fi
  "$promptls" "${args[@]}" --format "${PROMPTLS_FORMAT:-github}" -- "${paths[@]}" || status=$?
  if [[ -n $base ]]; then
    local diff_status=0
    summary "$promptls" "$base" || diff_status=$?
    # 1: a new finding (check says so too) or a budget newly exceeded (only diff knows)
    if ((diff_status > status)); then status=$diff_status; fi
  fi
  if [[ ${PROMPTLS_SARIF:-false} == true ]]; then
    local sarif="${PROMPTLS_SARIF_FILE:-promptls.sarif}"
    local sarif_status=0
    "$promptls" "${args[@]}" --format sarif -- "${paths[@]}" >"$sarif" || sarif_status=$?
    # 0 and 1 both wrote a complete report; anything else is a failure of its own.
    if ((sarif_status > 1)); then
      echo "promptls action: writing SARIF failed (exit $sarif_status)" >&2
      ((status > 1)) || status=$sarif_status
    fi
    output "sarif-file=$sarif"
  fi
  output "exit-code=$status"
}

finish() {
  local status="${PROMPTLS_EXIT_CODE:-}"
  if [[ ! $status =~ ^[0-9]+$ ]]; then
    echo "promptls action: promptls check did not run" >&2
    exit 2
  fi
  case $status in
    0) echo "promptls: no findings" ;;
    1) echo "promptls: findings at or above the fail-on severity, or (with a base) a budget newly exceeded: see the annotations and the job summary" >&2 ;;
    *) echo "promptls: check failed with exit status $status" >&2 ;;
  esac
  exit "$status"
}

case "${1:-}" in
  install | check | finish) "$1" ;;
  *) echo "usage: action-run.sh install|check|finish" >&2; exit 2 ;;
esac
