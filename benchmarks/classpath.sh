#!/usr/bin/env bash
# Prints the class path of the benchmarks module, building it first when it is missing or older
# than the sources. Used by jmh, compare.sh and strace-read-calls.sh.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
jar="$here/target/logslice-benchmarks-0.1.0-SNAPSHOT.jar"
classpath_file="$here/target/classpath.txt"

if [[ ! -f "$jar" || ! -f "$classpath_file" || -n "$(find "$root/pom.xml" "$root/connectors" "$root/formats" "$root/table" \
    "$root/jobs" "$here" -newer "$jar" \( -name '*.java' -o -name 'pom.xml' \) \
    -not -path '*/target/*' -print -quit)" ]]; then
  echo "benchmarks: building..." >&2
  (cd "$root" && ./mvnw -q -B -pl benchmarks -am package -DskipTests -Dspotless.check.skip=true) >&2
  touch "$jar" # an up-to-date jar is left as it was, and would look stale forever
fi
echo "$jar:$(cat "$classpath_file")"
