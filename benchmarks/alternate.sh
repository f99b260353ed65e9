#!/usr/bin/env bash
# Times whole command lines the way RESULTS.md's fixed-cost tables were made: RUNS rounds, each
# running every command once in turn (so that a busy moment of a shared machine hits them all),
# then per command the median wall time, the median peak RSS (GNU time) and every run, sorted.
#
# Usage: benchmarks/alternate.sh RUNS 'LABEL|COMMAND' ...
#   benchmarks/alternate.sh 5 "scan|./logslice scan small.log" "stats|./logslice stats small.log"
set -euo pipefail
runs="$1"
shift
[[ -x /usr/bin/time ]] || { echo "alternate.sh: needs GNU time (apt-get install -y time)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
commands=("$@")

for ((run = 1; run <= runs; run++)); do
  for i in "${!commands[@]}"; do
    /usr/bin/time -f "%e %M" -o "$work/time" bash -c "${commands[$i]#*|}" > /dev/null 2> "$work/err" \
      || { cat "$work/err" >&2; echo "alternate.sh: '${commands[$i]%%|*}' failed" >&2; exit 1; }
    read -r seconds rss_kib < "$work/time"
    echo "$seconds" >> "$work/seconds.$i"
    echo "$rss_kib" >> "$work/rss.$i"
  done
done

median() { sort -g "$1" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo "| command | median s | median peak RSS MiB | runs (s) |"
echo "|---|---:|---:|---|"
for i in "${!commands[@]}"; do
  rss_mib="$(awk '{print int($1 / 1024)}' <<< "$(median "$work/rss.$i")")"
  echo "| ${commands[$i]%%|*} | $(median "$work/seconds.$i") | $rss_mib | $(sort -g "$work/seconds.$i" | paste -sd ',' | sed 's/,/, /g') |"
done
