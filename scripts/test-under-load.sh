#!/bin/sh
# Runs the README's test command (`npm run test:all`) on a fresh clone of this repository N times
# as it is and N times with a CPU hog busy on one core beside it, one of each in turn, and reports how many runs
# passed each way. Tests must wait for what the app does, never for a guess of the machine's
# speed: this is how anyone checks that they do.
#
#   sh scripts/test-under-load.sh [N] [revision]
#
# N defaults to 5, the revision to HEAD (committed work only: a fresh clone sees no local edits).
# Each run clones anew into HINV_UNDER_LOAD_DIR (default: a temporary folder, removed afterwards);
# each run's output is kept in test-output/under-load/. Exits 0 only when every run passed.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"
revision="$(git -C "$root" rev-parse "${2:-HEAD}")"
case "$runs" in '' | *[!0-9]*) echo "N must be a whole number, not '$runs'" >&2; exit 2 ;; esac

work="${HINV_UNDER_LOAD_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/hinv-under-load.XXXXXX")}"
mkdir -p "$work"
logs="$root/test-output/under-load"
mkdir -p "$logs"

hog=""
stop_hog() {
  if [ -n "$hog" ]; then
    kill "$hog" 2>/dev/null || true
    wait "$hog" 2>/dev/null || true
    hog=""
  fi
}
cleanup() {
  stop_hog
  [ -n "${HINV_UNDER_LOAD_DIR:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# One core kept busy for the whole run: pinned to the first core where taskset exists.
start_hog() {
  if command -v taskset >/dev/null 2>&1; then
    taskset -c 0 sh -c 'while :; do :; done' &
  else
    sh -c 'while :; do :; done' &
  fi
  hog=$!
}

# run_once <label> <index>: a fresh clone, the README's command, its output in a log.
run_once() {
  clone="$work/clone"
  rm -rf "$clone"
  git clone --quiet --no-hardlinks "$root" "$clone"
  git -C "$clone" checkout --quiet --detach "$revision"
  log="$logs/$1-$2.log"
  started=$(date +%s)
  if (cd "$clone" && npm run test:all) >"$log" 2>&1; then
    echo "  $1 run $2: passed in $(( $(date +%s) - started )) s"
    return 0
  fi
  echo "  $1 run $2: FAILED after $(( $(date +%s) - started )) s (see $log)"
  grep -E '^ *(FAIL|×|✗) ' "$log" | head -n 20 | sed 's/^/    /' || true
  return 1
}

echo "Testing $revision on fresh clones, $runs runs without and $runs with a CPU hog on one core"
# The two kinds of run alternate, so a loop stopped early still has evidence of both, and a
# machine that gets busier over time weighs on both alike.
quiet=0
loaded=0
i=1
while [ "$i" -le "$runs" ]; do
  if run_once quiet "$i"; then quiet=$((quiet + 1)); fi
  start_hog
  if run_once hog "$i"; then loaded=$((loaded + 1)); fi
  stop_hog
  i=$((i + 1))
done

echo
echo "without a CPU hog: $quiet of $runs runs passed"
echo "with a CPU hog on one core: $loaded of $runs runs passed"
[ "$quiet" -eq "$runs" ] && [ "$loaded" -eq "$runs" ]
