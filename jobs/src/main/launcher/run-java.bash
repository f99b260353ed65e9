# shellcheck shell=bash
# The part of the logslice launchers that starts the JVM, sourced by both: ./logslice in a
# clone (jobs/src/main/launcher/run-java.bash) and bin/logslice of the archive
# (lib/run-java.bash). The launcher sets, before sourcing it:
#   classpath        the CLI's class path, its own jar first
#   sql_classpath    what logslice sql appends to it: the table connector and the planner
#   jvm_args         the folder of all-runs.args and big-input.args
#   cds_archive_dir  where the class data sharing archive may be written
#   cds_inputs       the files (array) whose change makes the archive stale
# and it ends by running the CLI with the launcher's arguments.

java_cmd="${JAVA_HOME:+$JAVA_HOME/bin/}java"
if ! command -v "$java_cmd" > /dev/null; then
  echo "logslice: needs a JDK 17 or later: no java on PATH (or set JAVA_HOME)" >&2
  exit 2
fi
java_path="$(readlink -f "$(command -v "$java_cmd")")"
# A JDK's release file names its version without starting it (a JVM start costs 50-100 ms).
java_version="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "${java_path%/bin/java}/release" 2>/dev/null || true)"
if [[ -n "$java_version" ]] && ((java_version < 17)); then
  echo "logslice: needs Java 17 or later, and $java_path is older (set JAVA_HOME to a JDK 17+)" >&2
  exit 2
fi

# The JVM decodes its arguments (file names) and the names it reads from folders in the locale's
# charset, which Java cannot be told otherwise (sun.jnu.encoding is read-only): under LC_ALL=C or
# an unset LANG that is ASCII and accès.log arrives as acc??s.log. So the JVM runs in a UTF-8
# locale when the caller's is not one; the bytes of the names pass through bash unchanged.
if [[ "$(locale charmap 2> /dev/null)" != UTF-8 ]]; then
  utf8_locale="$(locale -a 2> /dev/null | grep -i -m 1 -x -E 'C\.UTF-?8|en_US\.UTF-?8' || true)"
  [[ -n "$utf8_locale" ]] && export LC_ALL="$utf8_locale"
fi

java_flags=()
[[ -n "${LOGSLICE_LOG_LEVEL:-}" ]] && java_flags=(-Dlogslice.log.level="$LOGSLICE_LOG_LEVEL")
# Java cannot tell whether stderr is a terminal; progress bars go there only if it is. Nor can it
# ask a terminal's width: stats' summary fits its lines to it (COLUMNS, unexported by shells, wins).
[[ -t 2 ]] && java_flags+=(-Dlogslice.stderr.tty=true)
[[ -t 1 ]] && java_flags+=(-Dlogslice.stdout.tty=true)
if [[ -t 1 || -t 2 ]]; then
  tty_size="$(stty size < /dev/tty 2> /dev/null || true)"
  [[ "$tty_size" =~ ^[0-9]+\ ([0-9]+)$ ]] && java_flags+=(-Dlogslice.terminal.columns="${BASH_REMATCH[1]}")
fi
# JVM warnings (a stale class archive, say) go to stderr: stdout is grep's and parse's output.
java_flags+=(-Xlog:disable -Xlog:all=warning:stderr "@$jvm_args/all-runs.args")
# Flink's RPC (Pekko) and DataSketches use sun.misc.Unsafe, and lz4 loads a native library: from
# Java 24 on each prints a warning on stderr at every start, where logslice's errors are one line.
# (--enable-native-access would silence lz4 too, but the JDK's class archive was not made with it:
# the JVM then reports a mismatch at every start and gives up part of the archive.)
if [[ -n "$java_version" ]] && ((java_version >= 24)); then
  java_flags+=(--sun-misc-unsafe-memory-access=allow --illegal-native-access=allow)
fi

# Class data sharing: a later start maps the classes an earlier run loaded from an archive
# instead of finding, parsing and verifying them again, about half of a small run's time. The
# archive matches these jars and this JVM only, so its name holds both, and it is recorded again
# (one StartupTraining run, a few seconds) after every build and for every other java.
# sql has an archive of its own: the planner's 7,000 classes make it six times the size of the
# other commands' and its recording minutes long (interpreted), which no scan or grep should wait
# for, nor a user's first query: it is recorded in the background after a query finds none, one
# recording at a time, and that query starts from the other commands' archive.
archive_path() {
  printf '%s/%s-%s.jsa' "$cds_archive_dir" "$1" \
    "$(printf '%s\n%s' "$java_path" "$classpath" | cksum | cut -d ' ' -f 1)"
}
archive_is_current() {
  [[ -f "$1" && -z "$(find "${cds_inputs[@]}" -newer "$1" -print -quit 2>/dev/null)" ]]
}
# Archives of other checksums (of either kind) that are older than the current one and than these
# jars were recorded for an earlier build (or another java) and would only pile up: one per build. Another
# java's archive recorded since stays. Recordings in progress (NAME.jsa.PID) are not
# matched, and rm -f does not mind a launcher running at once that removes the same ones.
remove_stale_archives() {
  local other
  while IFS= read -r other; do
    if [[ -n "$(find "${cds_inputs[@]}" -newer "$other" -print -quit 2> /dev/null)" ]]; then
      other="${other%.failed}"
      rm -f "$other" "$other.log" "$other.failed"
    fi
  done < <(find "$cds_archive_dir" -maxdepth 1 \( -name 'logslice-*.jsa' -o -name 'logslice-*.jsa.failed' \) \
    ! -newer "$1" ! -name "${1##*/}" 2> /dev/null)
}
# Records archive $1 by running the training command that follows it.
# A temporary name, renamed when complete: launchers running at once never read half of one.
# Interpreted only (-Xint): Java 17 archives methods as they are at exit, and a method the JIT
# was busy with then can come out of the archive in a state in which no later run ever
# compiles it (one archive left the layout matcher interpreted: stats on 1 GiB took 22 s
# instead of 4.3 s; benchmarks/RESULTS.md, section 10). Without a JIT there is no such state.
record_archive() {
  local target="$1"
  shift
  mkdir -p "$cds_archive_dir"
  touch "$target.$$.started"
  if "$java_cmd" -Xint -XX:ArchiveClassesAtExit="$target.$$" "${java_flags[@]}" -cp "$classpath" \
      "$@" > "$target.log" 2>&1; then
    if [[ -n "$(find "${cds_inputs[@]}" -newer "$target.$$.started" -print -quit 2> /dev/null)" ]]; then
      # A build replaced the jars while it recorded: the JVM would refuse the archive at every
      # start (a warning each time) while it looked current. The next start records anew.
      rm -f "$target.$$" "$target.$$.started"
      return 0
    fi
    rm -f "$target.$$.started"
    mv "$target.$$" "$target"
    rm -f "$target.failed"
    remove_stale_archives "$target"
  else
    rm -f "$target.$$" "$target.$$.started"
    # Not tried again at every start (a recording takes seconds) until the jars change.
    touch "$target.failed" 2> /dev/null || true
    return 1
  fi
}
# A recording that failed for these jars and this java.
archive_failed() {
  [[ -f "$1.failed" && -z "$(find "${cds_inputs[@]}" -newer "$1.failed" -print -quit 2>/dev/null)" ]]
}
training=(dev.logslice.cli.StartupTraining)
archive="$(archive_path logslice)"
if ! archive_is_current "$archive" && ! archive_failed "$archive"; then
  echo "logslice: recording a class archive for fast starts (once per build)..." >&2
  record_archive "$archive" "${training[@]}" \
    || echo "logslice: no class archive (see $archive.log); starting without it" >&2
fi
if [[ "${1:-}" == sql ]]; then
  # Appended, not mixed in: a class path that extends the one an archive was recorded with can
  # still use it, so a query starts from the other commands' archive until sql's own is made.
  classpath+=":$sql_classpath"
  sql_archive="$(archive_path logslice-sql)"
  if archive_is_current "$sql_archive"; then
    archive="$sql_archive"
  elif ! archive_failed "$sql_archive"; then
    # A recording still running (its PID in the marker) is not started twice.
    marker="$sql_archive.recording"
    if ! { [[ -f "$marker" ]] && kill -0 "$(cat "$marker" 2> /dev/null)" 2> /dev/null; }; then
      echo "logslice: recording a class archive for fast queries in the background (once per build)" >&2
      mkdir -p "$cds_archive_dir"
      (
        echo "$BASHPID" > "$marker"
        record_archive "$sql_archive" "${training[@]}" sql
        rm -f "$marker"
      ) < /dev/null > /dev/null 2>&1 &
      disown
    fi
  fi
fi
[[ -f "$archive" ]] && java_flags+=(-XX:SharedArchiveFile="$archive")

# C2, the JIT's top tier, compiles for longer than a job on small input runs; C1 alone starts
# faster but leaves hot loops slower. stats, the most work per byte, was faster with C1 up to
# 512 MiB and even with tiered at 1 GiB, so from 1 GiB of input on the tiered JIT runs, tuned by
# big-input.args (benchmarks/RESULTS.md, section 10). generate writes much more than its
# arguments say; demo makes and reads a 200 MB sample, where C1 wins; a grep regex that names a
# folder only tips the choice towards tiered.
c1_below=$((1024 * 1024 * 1024))
input_is_small() {
  local paths=() arg
  for arg in "$@"; do
    if [[ "$arg" != -* && -e "$arg" ]]; then
      paths+=("$arg")
    elif [[ "$arg" != -* && "$arg" == *[*?[]* ]]; then
      # A quoted glob, which logslice expands itself; bash's globstar matches closely enough to
      # estimate the input's size.
      shopt -s nullglob globstar
      # shellcheck disable=SC2206 # the glob is meant to expand here
      local matches=($arg) match
      shopt -u nullglob globstar
      # A regex or a query (COUNT(*)) splits into words that name no file.
      for match in "${matches[@]}"; do
        [[ -e "$match" ]] && paths+=("$match")
      done
    fi
  done
  ((${#paths[@]} == 0)) && return 0
  # A folder find cannot read is no reason for the big input's JIT (the launcher has pipefail).
  { find -L "${paths[@]}" -type f -printf '%s\n' 2>/dev/null || true; } \
    | awk -v limit="$c1_below" '{ sum += $1; if (sum >= limit) exit 1 }'
}
case "${1:-}" in
  generate) ;;
  demo) java_flags+=(-XX:TieredStopAtLevel=1) ;;
  *)
    if input_is_small "$@"; then
      java_flags+=(-XX:TieredStopAtLevel=1)
    else
      java_flags+=("@$jvm_args/big-input.args")
    fi
    ;;
esac

# The user's flags come last: where a flag is given twice, the JVM takes the last.
# shellcheck disable=SC2086 # LOGSLICE_JAVA_OPTS holds several flags
exec "$java_cmd" "${java_flags[@]}" ${LOGSLICE_JAVA_OPTS:-} -cp "$classpath" dev.logslice.cli.Logslice "$@"
