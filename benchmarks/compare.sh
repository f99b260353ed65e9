#!/usr/bin/env bash
# End-to-end comparison (issue 6): the same line count by logslice and by the alternatives on one
# file; runs alternate between tools, medians are taken, peak RSS comes from /usr/bin/time, and
# every tool's count must agree. Prints a markdown table with each time as a ratio to logslice.
#
# Usage: benchmarks/compare.sh [--smoke] [--runs N] [--size SIZE] [FILE]
#   --smoke     a tiny generated file (about 1,000 lines), one run: proves every tool still runs
#               and agrees, in seconds; exits non-zero otherwise
#   --runs N    runs per tool (default 3)
#   --size SIZE size of the generated combined log when no FILE is given (default 1g)
# Still to come (issue 6): status counts by the stats job, DuckDB, the legacy TextInputFormat,
# and strace read counts per tool.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
runs=3
size=1g
file=""
while (($#)); do
  case "$1" in
    --smoke) runs=1; size=230k; shift ;;
    --runs) runs="$2"; shift 2 ;;
    --size) size="$2"; shift 2 ;;
    -*) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
    *) file="$1"; shift ;;
  esac
done

classpath="$("$here/classpath.sh")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [[ -z "$file" ]]; then
  dir="${LOGSLICE_BENCH_DIR:-${TMPDIR:-/tmp}/logslice-bench}"
  mkdir -p "$dir"
  file="$dir/compare-combined-$size.log"
  [[ -f "$file" ]] || "$root/logslice" generate --format combined --size "$size" --out "$file" >&2
fi

# name|command; each command prints the number of lines (or '-' when it counts nothing).
tools=(
  "logslice scan p=1|$root/logslice scan -p 1 '$file' | awk '/^lines/' | tr -dc 0-9"
  "logslice scan p=2|$root/logslice scan -p 2 '$file' | awk '/^lines/' | tr -dc 0-9"
  "stock FileSource keyBy/sum p=2|java -cp '$classpath' dev.logslice.benchmark.StockFlinkLineCount keyed 2 '$file'"
  "stock FileSource per-subtask p=2|java -cp '$classpath' dev.logslice.benchmark.StockFlinkLineCount partition 2 '$file'"
  "wc -l|wc -l < '$file'"
  "cat > /dev/null|cat '$file' > /dev/null; echo -"
)

# Runs a command line, writing "seconds peak-RSS-KiB" to $work/time (RSS 0 without GNU time).
timed() {
  if [[ -x /usr/bin/time ]]; then
    /usr/bin/time -f "%e %M" -o "$work/time" bash -c "$1"
  else
    local start end
    start=$(date +%s%N)
    bash -c "$1"
    end=$(date +%s%N)
    awk -v ns=$((end - start)) 'BEGIN {printf "%.2f 0\n", ns / 1e9}' > "$work/time"
  fi
}

cat "$file" > /dev/null # into the page cache
for ((run = 1; run <= runs; run++)); do
  for i in "${!tools[@]}"; do
    timed "${tools[$i]#*|}" > "$work/out" 2> "$work/err" \
      || { echo "compare.sh: '${tools[$i]%%|*}' failed:" >&2; cat "$work/err" >&2; exit 1; }
    read -r seconds rss_kib < "$work/time"
    echo "$seconds" >> "$work/seconds.$i"
    echo "$rss_kib" >> "$work/rss.$i"
    tail -n 1 "$work/out" > "$work/count.$i"
  done
done

median() { sort -g "$1" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
expected="$(cat "$work/count.0")"
reference="$(median "$work/seconds.1")"
status=0
echo "$(stat -c %s "$file") bytes, $expected lines, $runs run(s) per tool, medians; ratio = time / logslice scan p=2"
echo
echo "| tool | seconds | ratio | peak RSS MiB | lines |"
echo "|---|---:|---:|---:|---:|"
for i in "${!tools[@]}"; do
  count="$(cat "$work/count.$i")"
  if [[ "$count" != "-" && "$count" != "$expected" ]]; then
    count="$count (MISMATCH)"
    status=1
  fi
  seconds="$(median "$work/seconds.$i")"
  rss_mib="$(awk '{print int($1 / 1024)}' <<< "$(sort -g "$work/rss.$i" | tail -n 1)")"
  ratio="$(awk -v s="$seconds" -v r="$reference" 'BEGIN {printf "%.2f", (r > 0) ? s / r : 0}')"
  echo "| ${tools[$i]%%|*} | $seconds | $ratio | $rss_mib | $count |"
done
exit "$status"
