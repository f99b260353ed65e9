#!/usr/bin/env bash
# A Flink standalone session cluster on this machine, from jars resolved by Maven: one JobManager
# and N TaskManagers as separate JVMs, bound to 127.0.0.1, logs and pids under a work folder.
#
#   cluster.sh start [--taskmanagers N] [--rest-port P] [--prometheus] [--work-dir DIR]
#                    [--wait-seconds S] [-D key=value]...
#   cluster.sh stop [--work-dir DIR]
#   cluster.sh status [--work-dir DIR]
#
# start returns once every TaskManager has registered (or fails with the logs' tail). stop ends the
# processes start recorded, by pid, and waits for them. -D sets any Flink option.
set -euo pipefail
# shellcheck source=common.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/common.sh"

usage() {
  sed -n '5,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

die() {
  echo "cluster.sh: $*" >&2
  exit 1
}

command="${1:-}"
[[ -n "$command" ]] || usage
shift
work="$standalone_dir/work"
taskmanagers=2
wait_seconds=120
prometheus=false
rest_port=""
overrides=()
while (($#)); do
  case "$1" in
    --taskmanagers) taskmanagers="${2:?}"; shift 2 ;;
    --rest-port) rest_port="${2:?}"; shift 2 ;;
    --work-dir) work="${2:?}"; shift 2 ;;
    --wait-seconds) wait_seconds="${2:?}"; shift 2 ;;
    --prometheus) prometheus=true; shift ;;
    -D) overrides+=("${2:?}"); shift 2 ;;
    -D*) overrides+=("${1#-D}"); shift ;;
    *) usage ;;
  esac
done
mkdir -p "$work"
work="$(cd "$work" && pwd)"
conf="$work/conf"
pids="$work/pids"
logs="$work/log"
# Marks the JVMs of this cluster, so that stop never signals a process that reused a pid.
marker="-Dlogslice.cluster=$work"

# Writes WORK/conf: the shipped config.yaml with each overridden key's line replaced.
write_config() {
  local -a settings=("io.tmp.dirs=$work/tmp")
  [[ -n "$rest_port" ]] && settings+=("rest.port=$rest_port")
  if [[ "$prometheus" == true ]]; then
    settings+=(
      "metrics.reporter.prom.factory.class=org.apache.flink.metrics.prometheus.PrometheusReporterFactory"
      "metrics.reporter.prom.port=9249-9259")
  fi
  settings+=("${overrides[@]}")
  mkdir -p "$conf" "$work/tmp"
  local setting key
  cp "$standalone_dir/conf/config.yaml" "$conf/config.yaml.new"
  for setting in "${settings[@]}"; do
    [[ "$setting" == *=* ]] || die "-D $setting is not key=value"
    key="${setting%%=*}"
    awk -v line_key="$key:" '$1 != line_key' "$conf/config.yaml.new" >"$conf/config.yaml.tmp"
    printf '%s: %s\n' "$key" "${setting#*=}" >> "$conf/config.yaml.tmp"
    mv "$conf/config.yaml.tmp" "$conf/config.yaml.new"
  done
  mv "$conf/config.yaml.new" "$conf/config.yaml"
  cp "$standalone_dir/conf/log4j.properties" "$standalone_dir/conf/log4j-cli.properties" "$conf/"
}

config_value() {
  sed -n "s/^$1: *//p" "$conf/config.yaml" | tail -n 1
}

# The JVM flags and -D options BashJavaUtils derives from the memory configuration (the last two
# result lines); without them a TaskManager exits with "taskmanager.cpu.cores ... is not set".
resource_params() {
  local output
  output="$("$java_cmd" -cp "$classpath" org.apache.flink.runtime.util.bash.BashJavaUtils \
    "$1" --configDir "$conf" 2>&1)" || die "BashJavaUtils $1 failed: $output"
  grep '^BASH_JAVA_UTILS_EXEC_RESULT:' <<<"$output" | tail -n 2 \
    | sed 's/^BASH_JAVA_UTILS_EXEC_RESULT://'
}

# launch NAME MAIN_CLASS RESOURCE_PARAMS_COMMAND [extra program args...]
launch() {
  local name="$1" main="$2" params jvm dynamic
  shift 2
  params="$(resource_params "$1")"
  shift
  jvm="$(sed -n 1p <<<"$params")"
  dynamic="$(sed -n 2p <<<"$params")"
  local -a jvm_args dynamic_args
  read -r -a jvm_args <<<"$jvm"
  read -r -a dynamic_args <<<"$dynamic"
  "$java_cmd" "${jvm_args[@]}" "${java17_opts[@]}" "$marker" \
    -Dlog.file="$logs/$name.log" -Dlog4j.configurationFile="file:$conf/log4j.properties" \
    -classpath "$classpath" "$main" --configDir "$conf" "${dynamic_args[@]}" "$@" \
    >"$logs/$name.out" 2>&1 </dev/null &
  echo "$!" >"$pids/$name.pid"
}

alive() {
  local state
  [[ -r "/proc/$1/stat" ]] || return 1
  state="$(sed 's/^.*) //' "/proc/$1/stat" | cut -d' ' -f1)"
  [[ "$state" != Z ]]
}

ours() {
  local arguments
  alive "$1" && arguments="$(tr '\0' '\n' <"/proc/$1/cmdline" 2>/dev/null)" \
    && grep -qxF -- "$marker" <<<"$arguments"
}

# GET a REST path of this cluster (bash's /dev/tcp: no curl needed); the body on stdout.
rest_get() {
  local port response
  port="$(config_value rest.port)"
  response="$( (exec 3<>"/dev/tcp/127.0.0.1/$port" \
    && printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$1" >&3 && cat <&3) 2>/dev/null)" \
    || return 1
  printf '%s\n' "${response#*$'\r\n\r\n'}"
}

running_pids() {
  local file
  for file in "$pids"/taskmanager-*.pid "$pids"/jobmanager.pid; do
    [[ -f "$file" ]] && ours "$(<"$file")" && echo "$file"
  done
  return 0
}

wait_until_ready() {
  local deadline=$((SECONDS + wait_seconds)) overview
  while ((SECONDS < deadline)); do
    ours "$(<"$pids/jobmanager.pid")" || die "the JobManager exited: $(tail -n 20 "$logs/jobmanager.out" "$logs/jobmanager.log")"
    overview="$(rest_get /overview || true)"
    if [[ "$overview" == *"\"taskmanagers\":$taskmanagers,"* ]]; then
      echo "cluster.sh: ready in ${SECONDS}s: $taskmanagers TaskManagers, REST http://127.0.0.1:$(config_value rest.port)"
      return 0
    fi
    sleep 0.2
  done
  die "not ready after ${wait_seconds}s (logs in $logs); overview: ${overview:-none}"
}

start() {
  [[ "$taskmanagers" =~ ^[1-9][0-9]*$ ]] || die "--taskmanagers $taskmanagers must be a positive number"
  [[ -z "$(running_pids)" ]] || die "a cluster of $work is running; stop it first"
  mkdir -p "$pids" "$logs"
  rm -f "$pids"/*.pid
  write_config
  classpath="$(classpath_of cluster)"
  launch jobmanager org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint \
    GET_JM_RESOURCE_PARAMS
  local i
  for ((i = 1; i <= taskmanagers; i++)); do
    launch "taskmanager-$i" org.apache.flink.runtime.taskexecutor.TaskManagerRunner \
      GET_TM_RESOURCE_PARAMS -D "taskmanager.resource-id=taskmanager-$i"
  done
  wait_until_ready
}

stop() {
  local file pid deadline
  local -a stopping=()
  for file in $(running_pids); do
    pid="$(<"$file")"
    kill -TERM "$pid"
    stopping+=("$pid")
  done
  deadline=$((SECONDS + 60))
  for pid in "${stopping[@]}"; do
    while alive "$pid" && ((SECONDS < deadline)); do sleep 0.1; done
    if alive "$pid"; then
      echo "cluster.sh: $pid ignored SIGTERM for 60s; killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
      while alive "$pid"; do sleep 0.1; done
    fi
  done
  rm -f "$pids"/*.pid
  echo "cluster.sh: stopped ${#stopping[@]} processes"
}

status() {
  local file name any=false
  for file in "$pids"/jobmanager.pid "$pids"/taskmanager-*.pid; do
    [[ -f "$file" ]] || continue
    name="$(basename "$file" .pid)"
    if ours "$(<"$file")"; then
      echo "$name: running, pid $(<"$file"), log $logs/$name.log"
      any=true
    else
      echo "$name: not running (pid $(<"$file") recorded)"
    fi
  done
  if [[ "$any" == false ]]; then
    echo "no cluster running from $work"
    return 3
  fi
  echo "REST: http://127.0.0.1:$(config_value rest.port)"
  echo "overview: $(rest_get /overview || echo 'no answer')"
}

case "$command" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) usage ;;
esac
