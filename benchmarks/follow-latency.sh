#!/usr/bin/env bash
# grep --follow's speed and cost (issue 16): latency from a line's write to its output at 1,000
# and 100,000 lines/s appended (p50, p99, max), CPU while nothing is written, and the time to
# catch up on a file written while stopped (--from-start) against batch grep of the same file.
# The writer and the reader of grep's stdout are follow-latency.py (python3): each line carries
# its wall-clock write time in ns, and latency is the reader's now minus that stamp. Prints a
# markdown table and the load average before and after (the machine may be shared).
#
# Usage: benchmarks/follow-latency.sh [--smoke] [--seconds S] [--idle S] [--size SIZE] [FILE]
#   --smoke      2 s per rate, 10 s idle, a 230k catch-up file: proves every row still runs
#   --seconds S  seconds of appending per rate (default 30)
#   --idle S     seconds of idle CPU measured, after a 20 s warm-up (default 60)
#   --size SIZE  size of the generated combined log to catch up on when no FILE is given (1g)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
seconds=30
idle=60
warmup=20
size=1g
file=""
while (($#)); do
  case "$1" in
    --smoke) seconds=2; idle=10; warmup=2; size=230k; shift ;;
    --seconds) seconds="$2"; shift 2 ;;
    --idle) idle="$2"; shift 2 ;;
    --size) size="$2"; shift 2 ;;
    -*) echo "follow-latency.sh: unknown option $1" >&2; exit 2 ;;
    *) file="$1"; shift ;;
  esac
done
helper="$here/follow-latency.py"
logslice="$root/logslice"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [[ -z "$file" ]]; then
  dir="${LOGSLICE_BENCH_DIR:-${TMPDIR:-/tmp}/logslice-bench}"
  mkdir -p "$dir"
  file="$dir/compare-combined-$size.log"
  [[ -f "$file" ]] || "$logslice" generate --format combined --size "$size" --out "$file" >&2
fi
"$logslice" --version > /dev/null # builds first, outside the timings
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"

field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p" <<< "$2"; }
echo "| measure | value |"
echo "|---|---|"
for rate in 1000 100000; do
  r="$(python3 "$helper" latency "$logslice" "$work/appended.log" "$rate" "$seconds")"
  echo "| latency at $rate lines/s, p50 / p99 / max (ms; $(field lines "$r") lines) |" \
    "$(field p50_ms "$r") / $(field p99_ms "$r") / $(field max_ms "$r") |"
done
r="$(python3 "$helper" idle "$logslice" "$work/idle.log" "$warmup" "$idle")"
echo "| idle CPU over $(field seconds "$r") s (% of a core) | $(field idle_cpu_pct "$r") |"

# Catch-up: a pattern found in about one line in eight of the generated log.
pattern='POST'
start=$(date +%s%N)
count=$("$logslice" grep "$pattern" "$file" | wc -l)
end=$(date +%s%N)
batch=$(awk -v ns=$((end - start)) 'BEGIN {printf "%.1f", ns / 1e9}')
r="$(python3 "$helper" catchup "$logslice" "$file" "$pattern" "$count")"
echo "| catch-up on $(du -h "$file" | cut -f1) ($count matches): grep --follow --from-start / batch grep (s) |" \
  "$(field catchup_s "$r") / $batch |"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
