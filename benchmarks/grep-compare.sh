#!/usr/bin/env bash
# grep side by side (issue 17): logslice grep -p 2 against GNU grep (and ripgrep when installed)
# on one page-cached combined access log, for a common literal, a rare one, a case-insensitive
# one, an alternation and a regex with no literal part; every run's output must be the same bytes
# as GNU grep's. Also logslice scan -p 2 (the read floor) and the fixed cost on a small file. With
# --baseline DIR (another clone of logslice, built), its scan and its grep of every pattern run
# beside, as "before".
# Runs alternate between tools; medians are taken. Prints a markdown table with ratios to GNU
# grep, and the load average before and after (the machine may be shared).
#
# Usage: benchmarks/grep-compare.sh [--smoke] [--runs N] [--size SIZE] [--baseline DIR]
#                                   [--cases REGEX] [FILE]
#   --smoke     a tiny generated file, one run: proves every row still runs and agrees
#   --runs N    runs per row (default 3)
#   --size SIZE size of the generated combined log when no FILE is given (default 1g)
#   --cases RE  only the patterns whose name matches the extended regex RE (e.g. "literal")
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
runs=3
size=1g
file=""
baseline=""
only=""
while (($#)); do
  case "$1" in
    --smoke) runs=1; size=230k; shift ;;
    --runs) runs="$2"; shift 2 ;;
    --size) size="$2"; shift 2 ;;
    --baseline) baseline="$2"; shift 2 ;;
    --cases) only="$2"; shift 2 ;;
    -*) echo "grep-compare.sh: unknown option $1" >&2; exit 2 ;;
    *) file="$1"; shift ;;
  esac
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
dir="${LOGSLICE_BENCH_DIR:-${TMPDIR:-/tmp}/logslice-bench}"
mkdir -p "$dir"
if [[ -z "$file" ]]; then
  file="$dir/compare-combined-$size.log"
  [[ -f "$file" ]] || "$root/logslice" generate --format combined --size "$size" --out "$file" >&2
fi
small="$dir/compare-combined-230k.log"
[[ -f "$small" ]] || "$root/logslice" generate --format combined --size 230k --out "$small" >&2

# name;logslice options and regex;GNU grep options and pattern (the same lines either way)
cases=(
  "literal ' 503 ';' 503 ';' 503 '"
  "literal ' 503 ', line numbers;-n ' 503 ';-n ' 503 '"
  "rare literal;'no-such-agent/9';'no-such-agent/9'"
  "case-insensitive literal;-i 'mozilla/4';-i 'mozilla/4'"
  "alternation;'POST|DELETE';-E 'POST|DELETE'"
  "regex with a literal part;'GET /api/[a-z]+ ';-E 'GET /api/[a-z]+ '"
  "regex without a literal;'[0-9]{6}';-E '[0-9]{6}'"
)

timed() { # command line -> seconds in $work/time
  local start end
  start=$(date +%s%N)
  bash -c "$1" > "$work/out" 2> "$work/err" || [[ $? == 1 ]] || { cat "$work/err" >&2; exit 1; }
  end=$(date +%s%N)
  awk -v ns=$((end - start)) 'BEGIN {printf "%.2f\n", ns / 1e9}' > "$work/time"
}

rows=()
add() { rows+=("$1|$2"); }
for c in "${cases[@]}"; do
  IFS=';' read -r name ours gnu <<< "$c"
  [[ -z "$only" ]] || grep -Eq -- "$only" <<< "$name" || continue
  add "GNU grep, $name" "grep $gnu '$file'"
  add "logslice grep -p 2, $name" "'$root/logslice' grep -p 2 --quiet $ours '$file'"
  [[ -n "$baseline" ]] && add "before: logslice grep -p 2, $name" \
    "'$baseline/logslice' grep -p 2 --quiet $ours '$file'"
  if command -v rg > /dev/null; then add "ripgrep, $name" "rg --no-filename ${gnu#-E } '$file'"; fi
done
add "logslice scan -p 2" "'$root/logslice' scan -p 2 '$file'"
[[ -n "$baseline" ]] && add "before: logslice scan -p 2" "'$baseline/logslice' scan -p 2 '$file'"
add "fixed cost: GNU grep ' 503 ', 230 KiB" "grep ' 503 ' '$small'"
add "fixed cost: logslice grep -p 2 ' 503 ', 230 KiB" "'$root/logslice' grep -p 2 --quiet ' 503 ' '$small'"

load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
cat "$file" > /dev/null # into the page cache
for ((run = 1; run <= runs; run++)); do
  for i in "${!rows[@]}"; do
    row="${rows[$i]}"
    timed "${row#*|}"
    cat "$work/time" >> "$work/seconds.$i"
    md5sum < "$work/out" > "$work/sum.$i"
  done
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

median() { sort -g "$1" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo "file: $file ($(du -h "$file" | cut -f1), $(wc -l < "$file") lines); runs: $runs"
echo "load average before: $load_before; after: $load_after ($(nproc) cores)"
echo
scan_seconds=""
for i in "${!rows[@]}"; do
  [[ "${rows[$i]%%|*}" == "logslice scan -p 2" ]] && scan_seconds="$(median "$work/seconds.$i")"
done
echo "| row | median s | vs GNU grep, same pattern | vs logslice scan | same bytes as GNU grep |"
echo "|---|---:|---:|---:|---|"
gnu_seconds=""
gnu_sum=""
for i in "${!rows[@]}"; do
  name="${rows[$i]%%|*}"
  seconds="$(median "$work/seconds.$i")"
  ratio=""
  vs_scan=""
  same=""
  if [[ "$name" == "GNU grep, "* || "$name" == "fixed cost: GNU"* ]]; then
    gnu_seconds="$seconds"
    gnu_sum="$(cat "$work/sum.$i")"
  elif [[ "$name" == *"grep"* && "$name" != "ripgrep"* ]]; then
    ratio="$(awk -v a="$seconds" -v b="$gnu_seconds" 'BEGIN {if (b > 0) printf "%.2fx", a / b}')"
    [[ "$name" == "fixed cost"* ]] \
      || vs_scan="$(awk -v a="$seconds" -v b="$scan_seconds" 'BEGIN {if (b > 0) printf "%.2fx", a / b}')"
    if [[ "$(cat "$work/sum.$i")" == "$gnu_sum" ]]; then same=yes; else same=NO; fi
  fi
  echo "| $name | $seconds | $ratio | $vs_scan | $same |"
done
