# Shared by cluster.sh, flink and sql-client (sourced, not run): the Java command, the class path resolved by
# Maven, and the JVM flags Flink needs on Java 17.

standalone_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_dir="$(cd "$standalone_dir/../.." && pwd)"
classpath_file="$repo_dir/deploy/target/cluster-classpath.txt"
java_cmd="${JAVA_HOME:+$JAVA_HOME/bin/}java"
# Reporters come from the class path; an empty plugins folder spares Flink's warning about none.
export FLINK_PLUGINS_DIR="$standalone_dir/plugins"

# Flink's default env.java.default-opts.all (its config.yaml): the JDK internals Flink, Kryo and
# Pekko reach into.
java17_opts=(
  --add-exports=java.base/sun.net.util=ALL-UNNAMED
  --add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED
  --add-exports=jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED
  --add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED
  --add-exports=jdk.compiler/com.sun.tools.javac.parser=ALL-UNNAMED
  --add-exports=jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED
  --add-exports=jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED
  --add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED
  --add-opens=java.base/java.lang=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED
  --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens=java.base/java.text=ALL-UNNAMED
  --add-opens=java.base/java.time=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED
)

# Prints the class path of deploy/target/NAME-classpath.txt (NAME cluster or sql-client); resolves
# both with the Maven wrapper (from Maven Central) first when the build has not yet.
classpath_of() {
  local file="$repo_dir/deploy/target/$1-classpath.txt"
  if [[ ! -s "$file" ]]; then
    echo "logslice: resolving the Flink cluster's jars with Maven (first use)..." >&2
    (cd "$repo_dir" && ./mvnw -q -B -pl deploy -am package -DskipTests \
      -Dspotless.check.skip=true) >&2
  fi
  cat "$file"
}

# For the clients of a running cluster (flink, sql-client): takes a leading --work-dir DIR (that
# of cluster.sh start), exports its configuration folder as FLINK_CONF_DIR, so that the client
# finds the cluster's REST address there, and leaves the other arguments in client_args.
client_of_cluster() {
  local work="$standalone_dir/work"
  if [[ "${1:-}" == --work-dir ]]; then
    work="${2:?}"
    shift 2
  fi
  conf="$work/conf"
  [[ -f "$conf/config.yaml" ]] || {
    echo "$(basename "$0"): no cluster configuration in $conf: start one with cluster.sh start" >&2
    exit 2
  }
  export FLINK_CONF_DIR="$conf"
  client_args=("$@")
}
