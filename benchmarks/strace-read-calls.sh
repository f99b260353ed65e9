#!/usr/bin/env bash
# Cross-checks the read calls the benchmarks count against what the kernel sees: runs
# ReadCallsProbe under strace for each mode and buffer size, counts read/pread64 calls on the
# input file's descriptor, and prints a markdown table.
# Usage: benchmarks/strace-read-calls.sh FILE [BUFFER_SIZE...]   (default sizes: 4k 64k 1m 8m)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
file="$(realpath "$1")"
shift
if (($#)); then sizes=("$@"); else sizes=(4k 64k 1m 8m); fi
command -v strace > /dev/null || { echo "strace is not installed (apt-get install -y strace)" >&2; exit 2; }
classpath="$("$here/classpath.sh")"
bytes=$(stat -c %s "$file")
traces="$(mktemp -d)"
trap 'rm -rf "$traces"' EXIT

# Counts read and pread64 calls on the descriptor of $file, between its open and its close. One
# trace file per thread (strace -ff): in a shared one, a call another thread interrupts is split
# into "<unfinished ...>" and "resumed>" lines, and an openat split so loses its descriptor.
kernel_reads() {
  local total=0 trace
  for trace in "$traces"/t.*; do
    total=$((total + $(awk -v path="\"$file\"" '
      index($0, "openat(") && index($0, path) { split($0, r, "= "); fd = r[2] + 0; open = 1; next }
      open && ($0 ~ "(read|pread64)\\(" fd ", ") { n++ }
      open && ($0 ~ "close\\(" fd "\\)") { open = 0 }
      END { print n + 0 }' "$trace")))
  done
  echo "$total"
}

probe() {
  rm -f "$traces"/t.*
  strace -f -ff -qq -e trace=openat,read,pread64,close -o "$traces/t" \
    java -cp "$classpath" dev.logslice.benchmark.ReadCallsProbe "$file" "$@"
}

echo "| mode | buffer | counted by Java | read calls seen by strace | ceil(file size / buffer) |"
echo "|---|---|---:|---:|---:|"
for mode in aligned unaligned logslice; do
  for size in "${sizes[@]}"; do
    counted=$(probe "$mode" "$size")
    size_bytes=$(numfmt --from=iec "${size^^}")
    echo "| $mode | $size | $counted | $(kernel_reads) | $(( (bytes + size_bytes - 1) / size_bytes )) |"
  done
done
probe readline > /dev/null
echo "| readline (BufferedReader) | 8 KiB inside | - | $(kernel_reads) | $(( (bytes + 8191) / 8192 )) |"
