#!/usr/bin/env bash
# The questions of issue 15 asked of one combined access log by logslice sql, stock Flink 2.3 SQL
# (filesystem connector, raw format, SPLIT_INDEX) and DuckDB (read_csv + regexp_extract), all at
# p=2 where they have a parallelism: status counts, and the ten paths with the most 5xx answers.
# Runs alternate between tools, medians are taken, peak RSS comes from /usr/bin/time, and the
# rows of every tool must be the same (logslice's NULL status of a malformed line is DuckDB's and
# Flink's NULL too). Prints a markdown table per question, each time also as a ratio to logslice.
#
# Usage: benchmarks/sql-compare.sh [--smoke] [--runs N] [--size SIZE] [FILE]
#   --smoke     a tiny generated file (about 1,000 lines), one run: proves every tool still runs
#               and agrees; exits non-zero otherwise
#   --runs N    runs per tool (default 3)
#   --size SIZE size of the generated combined log when no FILE is given (default 1g)
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
    -*) echo "sql-compare.sh: unknown option $1" >&2; exit 2 ;;
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

declare -A queries=(
  [status]="SELECT status, COUNT(*) FROM logs GROUP BY status"
  [top-5xx]="SELECT path, COUNT(*) AS hits FROM logs WHERE status >= 500 GROUP BY path ORDER BY hits DESC, path LIMIT 10"
)
# name|command; each prints the rows, tab separated. logslice's header line is dropped.
tools_for() {
  echo "logslice sql p=2|$root/logslice sql -p 2 --format combined \"${queries[$1]}\" '$file' | tail -n +2"
  echo "DuckDB read_csv + regexp_extract|java -cp '$classpath' dev.logslice.benchmark.SqlBaselines duckdb $1 2 '$file'"
  echo "stock Flink SQL, filesystem + raw + SPLIT_INDEX, p=2|java -cp '$classpath' dev.logslice.benchmark.SqlBaselines flink $1 2 '$file'"
}

timed() { /usr/bin/time -f "%e %M" -o "$work/time" bash -c "$1"; }
median() { sort -g "$1" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
fail() {
  echo "sql-compare.sh: $1" >&2
  exit 1
}

cat "$file" > /dev/null # into the page cache
echo "$(stat -c %s "$file") bytes, $(wc -l < "$file") lines, $runs run(s) per tool, medians"
for question in status top-5xx; do
  mapfile -t tools < <(tools_for "$question")
  for ((run = 1; run <= runs; run++)); do
    for i in "${!tools[@]}"; do
      timed "${tools[$i]#*|}" > "$work/out" 2> "$work/err" \
        || { cat "$work/err" >&2; fail "'${tools[$i]%%|*}' failed on $question"; }
      read -r seconds rss_kib < "$work/time"
      echo "$seconds" >> "$work/$question.seconds.$i"
      echo "$rss_kib" >> "$work/$question.rss.$i"
      # Group order is each engine's own for status counts: compared sorted.
      if [[ "$question" == status ]]; then sort "$work/out" > "$work/rows"; else cp "$work/out" "$work/rows"; fi
      if [[ ! -f "$work/$question.rows.0" ]]; then
        cp "$work/rows" "$work/$question.rows.0" # logslice's first answer
      elif ! cmp -s "$work/rows" "$work/$question.rows.0"; then
        fail "'${tools[$i]%%|*}' answered $question otherwise than logslice: $(tr '\n\t' '; ' < "$work/rows")"
      fi
    done
  done
  reference="$(median "$work/$question.seconds.0")"
  echo
  echo "\`${queries[$question]}\` ($(wc -l < "$work/$question.rows.0") rows, the same from every tool)"
  echo
  echo "| tool | seconds | ratio to logslice | peak RSS MiB |"
  echo "|---|---:|---:|---:|"
  for i in "${!tools[@]}"; do
    seconds="$(median "$work/$question.seconds.$i")"
    rss_mib="$(sort -g "$work/$question.rss.$i" | tail -n 1 | awk '{print int($1 / 1024)}')"
    ratio="$(awk -v s="$seconds" -v r="$reference" 'BEGIN {printf "%.2f", (r > 0) ? s / r : 0}')"
    echo "| ${tools[$i]%%|*} | $seconds | $ratio | $rss_mib |"
  done
done
