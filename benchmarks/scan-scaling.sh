#!/usr/bin/env bash
# How reading one file scales from one to two readers, for logslice and for the physical limit
# (issue 2's p=2 goal). logslice's figure is the reading span of `scan --report` (first read to
# last split finished: no JVM or cluster start); the control is `wc -l` over the whole file
# against two `wc -l` over its halves at once (copies made once, page-cached like the file).
# Runs alternate between the four, medians are printed as a markdown table.
#
# Usage: benchmarks/scan-scaling.sh [--runs N] FILE
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
runs=5
while (($#)); do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    -*) echo "scan-scaling.sh: unknown option $1" >&2; exit 2 ;;
    *) file="$1"; shift ;;
  esac
done
[[ -n "${file:-}" && -f "$file" ]] || { echo "usage: scan-scaling.sh [--runs N] FILE" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/scan-scaling.XXXXXX")"
trap 'rm -rf "$work"' EXIT
size=$(stat -c %s "$file")
half=$(((size / 2 / 1048576) * 1048576))
head -c "$half" "$file" > "$work/first"
tail -c +"$((half + 1))" "$file" > "$work/second"
cat "$file" "$work/first" "$work/second" > /dev/null

seconds() { # command -> wall seconds
  local start end
  start=$(date +%s%N)
  bash -c "$1" > /dev/null
  end=$(date +%s%N)
  awk -v ns=$((end - start)) 'BEGIN {printf "%.3f\n", ns / 1e9}'
}
reading() { # parallelism -> seconds from the first read to the last split's end
  "$root/logslice" scan -p "$1" --report "$work/report.json" "$file" > /dev/null
  python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['readingMillis'] / 1000)" \
    "$work/report.json"
}

for ((run = 1; run <= runs; run++)); do
  echo "scan p=1 $(reading 1)" >> "$work/results"
  echo "scan p=2 $(reading 2)" >> "$work/results"
  echo "wc one $(seconds "wc -l < '$file'")" >> "$work/results"
  echo "wc two $(seconds "wc -l < '$work/first' & wc -l < '$work/second' & wait")" >> "$work/results"
  echo "run $run of $runs done" >&2
done

median() { grep "^$1 " "$work/results" | awk '{print $3}' | sort -n |
  awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
p1=$(median "scan p=1"); p2=$(median "scan p=2")
w1=$(median "wc one"); w2=$(median "wc two")
echo "| reader | one (s) | two (s) | speed-up | GiB/s with two |"
echo "|---|---:|---:|---:|---:|"
awk -v a="$p1" -v b="$p2" -v s="$size" 'BEGIN {printf "| logslice scan, reading span | %.3f | %.3f | %.2fx | %.2f |\n", a, b, a / b, s / b / 2^30}'
awk -v a="$w1" -v b="$w2" -v s="$size" 'BEGIN {printf "| wc -l, whole process | %.3f | %.3f | %.2fx | %.2f |\n", a, b, a / b, s / b / 2^30}'
