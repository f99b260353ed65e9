#!/usr/bin/env bash
# End-to-end comparison (issue 6): the same status code counts of one combined access log by
# logslice stats and by the alternatives (stock Flink sources, DuckDB), plus logslice scan, wc -l
# and cat as the reading limits. Runs alternate between tools, medians are taken, peak RSS comes
# from /usr/bin/time, read and pread64 calls from one extra run under strace -f -c (when strace
# is installed), and every run's counts must agree. Prints a markdown table with each time as a
# ratio to logslice stats p=2.
#
# Usage: benchmarks/compare.sh [--smoke] [--runs N] [--size SIZE] [FILE]
#   --smoke     a tiny generated file (about 1,000 lines), one run, no strace: proves every tool
#               still runs and agrees, in seconds; exits non-zero otherwise
#   --runs N    runs per tool (default 3)
#   --size SIZE size of the generated combined log when no FILE is given (default 1g)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
runs=3
size=1g
file=""
trace=true
while (($#)); do
  case "$1" in
    --smoke) runs=1; size=230k; trace=false; shift ;;
    --runs) runs="$2"; shift 2 ;;
    --size) size="$2"; shift 2 ;;
    -*) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
    *) file="$1"; shift ;;
  esac
done
if $trace && ! command -v strace > /dev/null; then
  echo "compare.sh: strace is not installed (apt-get install -y strace); no read call counts" >&2
  trace=false
fi

classpath="$("$here/classpath.sh")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [[ -z "$file" ]]; then
  dir="${LOGSLICE_BENCH_DIR:-${TMPDIR:-/tmp}/logslice-bench}"
  mkdir -p "$dir"
  file="$dir/compare-combined-$size.log"
  [[ -f "$file" ]] || "$root/logslice" generate --format combined --size "$size" --out "$file" >&2
fi

# stats --json writes "status" : { "200" : 792, ... }; this prints it as the Java tools do:
# 200=792 204=9 ..., by code.
cat > "$work/status.awk" << 'EOF'
/^  "status" : \{/ { inside = 1; next }
inside && /^  \}/ { exit }
inside { gsub(/[" ,]/, ""); sub(":", "="); counts = counts sep $0; sep = " " }
END { print counts }
EOF
stats() { echo "$root/logslice stats --quiet -p $1 --json '$work/stats.json' '$file' > /dev/null && awk -f '$work/status.awk' '$work/stats.json'"; }
stock() { echo "java ${3:-} -cp '$classpath' dev.logslice.benchmark.StockFlinkStatusCount $1 $2 2 '$file' ${4:-}"; }
# The JVM flags ./logslice gives inputs of 1 GiB and more, for a stock row on equal terms.
launcher_flags="@$root/jobs/src/main/jvm/all-runs.args @$root/jobs/src/main/jvm/big-input.args"

# name|command; each command's last line is the status counts (200=792 ...), a line count, or '-'.
# The legacy TextInputFormat (env.readFile) is deprecated but still in Flink 2.3.
tools=(
  "logslice stats p=1|$(stats 1)"
  "logslice stats p=2|$(stats 2)"
  "stock FileSource keyBy/sum p=2|$(stock fileSource keyed)"
  "stock FileSource keyBy/sum p=2, logslice's JVM flags|$(stock fileSource keyed "$launcher_flags")"
  "stock FileSource keyBy/sum p=2, Flink's default local environment|$(stock fileSource keyed "" flink-defaults)"
  "stock FileSource per-subtask map p=2|$(stock fileSource partition)"
  "legacy TextInputFormat (readFile) per-subtask map p=2|$(stock textInputFormat partition)"
  "DuckDB read_csv + regexp_extract|java -cp '$classpath' dev.logslice.benchmark.DuckDbStatusCount '$file'"
  "logslice scan p=2 (lines only)|$root/logslice scan -p 2 '$file' | awk '/^lines/' | tr -dc 0-9"
  "wc -l|wc -l < '$file'"
  "cat > /dev/null|cat '$file' > /dev/null; echo -"
)
reference=1 # logslice stats p=2

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

# Runs a command line under strace and prints its read plus pread64 calls, all processes and
# files together (for the JVMs, class loading's too).
read_calls() {
  strace -f -c -e trace=read,pread64 -o "$work/strace" bash -c "$1" > /dev/null 2>&1
  awk '$NF == "read" || $NF == "pread64" { calls += $4 } END { print calls + 0 }' "$work/strace"
}

fail() {
  echo "compare.sh: $1" >&2
  exit 1
}

cat "$file" > /dev/null # into the page cache
for ((run = 1; run <= runs; run++)); do
  for i in "${!tools[@]}"; do
    timed "${tools[$i]#*|}" > "$work/out" 2> "$work/err" \
      || { cat "$work/err" >&2; fail "'${tools[$i]%%|*}' failed"; }
    read -r seconds rss_kib < "$work/time"
    echo "$seconds" >> "$work/seconds.$i"
    echo "$rss_kib" >> "$work/rss.$i"
    result="$(tail -n 1 "$work/out")"
    [[ ! -f "$work/result.$i" || "$(cat "$work/result.$i")" == "$result" ]] \
      || fail "'${tools[$i]%%|*}' gave another result in run $run: $result"
    echo "$result" > "$work/result.$i"
  done
done
for i in "${!tools[@]}"; do
  if $trace; then read_calls "${tools[$i]#*|}" > "$work/reads.$i"; else echo - > "$work/reads.$i"; fi
done

median() { sort -g "$1" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
expected="$(cat "$work/result.$reference")"
lines="$(tr ' ' '\n' <<< "$expected" | awk -F= '{n += $2} END {print n + 0}')"
reference_seconds="$(median "$work/seconds.$reference")"
status=0
echo "$(stat -c %s "$file") bytes, $lines lines, $runs run(s) per tool, medians;" \
  "ratio = time / ${tools[$reference]%%|*}"
echo "status counts: $expected"
echo
echo "| tool | seconds | ratio | peak RSS MiB | read calls (strace) | result |"
echo "|---|---:|---:|---:|---:|---|"
for i in "${!tools[@]}"; do
  result="$(cat "$work/result.$i")"
  case "$result" in
    "$expected") shown="same status counts" ;;
    "$lines") shown="$lines lines" ;;
    -) shown="-" ;;
    *) shown="MISMATCH: $result"; status=1 ;;
  esac
  seconds="$(median "$work/seconds.$i")"
  rss_mib="$(awk '{print int($1 / 1024)}' <<< "$(sort -g "$work/rss.$i" | tail -n 1)")"
  ratio="$(awk -v s="$seconds" -v r="$reference_seconds" 'BEGIN {printf "%.2f", (r > 0) ? s / r : 0}')"
  echo "| ${tools[$i]%%|*} | $seconds | $ratio | $rss_mib | $(cat "$work/reads.$i") | $shown |"
done
exit "$status"
