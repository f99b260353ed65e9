#!/usr/bin/env bash
# stats on a high-cardinality access log (issue 13): 60,000 clients (under the 65,536 that stats
# counts exactly, so every partial carries its clients' set) and 1,000,000 paths, where each
# reader's partial grew past the 2 MiB that Flink's collect sink takes per record. Prints
# alternate.sh's table (median wall, median peak RSS, every run) for stats p=1 and p=2 on it.
# With --baseline LAUNCHER (another checkout's ./logslice), also that launcher against this one on
# the ordinary generated log of the same size, at p=2, to show that nothing got slower.
#
# Usage: benchmarks/high-cardinality.sh [--runs N] [--size SIZE] [--baseline LAUNCHER]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
runs=3
size=1g
baseline=""
while (($#)); do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --size) size="$2"; shift 2 ;;
    --baseline) baseline="$2"; shift 2 ;;
    *) echo "high-cardinality.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
dir="${LOGSLICE_BENCH_DIR:-${TMPDIR:-/tmp}/logslice-bench}"
mkdir -p "$dir"
wide="$dir/wide-combined-$size.log"
[[ -f "$wide" ]] || "$root/logslice" generate --format combined --size "$size" \
  --clients 60000 --paths 1000000 --out "$wide" >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
stats() { echo "$1 stats --quiet -p $2 --json '$work/stats.json' '$3'"; }
rows=("stats p=1, high cardinality|$(stats "$root/logslice" 1 "$wide")"
  "stats p=2, high cardinality|$(stats "$root/logslice" 2 "$wide")")
if [[ -n "$baseline" ]]; then
  normal="$dir/compare-combined-$size.log"
  [[ -f "$normal" ]] || "$root/logslice" generate --format combined --size "$size" --out "$normal" >&2
  rows+=("baseline stats p=2, ordinary log|$(stats "$baseline" 2 "$normal")"
    "stats p=2, ordinary log|$(stats "$root/logslice" 2 "$normal")")
fi
"$here/alternate.sh" "$runs" "${rows[@]}"
