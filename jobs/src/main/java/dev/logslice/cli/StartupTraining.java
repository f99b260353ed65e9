package dev.logslice.cli;

import org.apache.flink.util.FileUtils;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The run the {@code logslice} launcher records its class data sharing archive from: the job
 * commands once each on a small generated access log, so that the archive holds their classes
 * whichever command comes next; or, for the archive of {@code logslice sql}, a query. Exits 0 only
 * when every command succeeded, since the JVM writes the archive only on a normal exit and an
 * archive of a failed run would miss classes.
 */
public final class StartupTraining {
    private StartupTraining() {}

    /**
     * @param args {@code sql} for the archive of {@code logslice sql}, which has its own
     */
    public static void main(String[] args) throws IOException {
        boolean sql = args.length > 0 && args[0].equals("sql");
        Path dir = Files.createTempDirectory("logslice-training");
        int failed = 0;
        try {
            String log = dir.resolve("access.log").toString();
            String[][] commands = {
                {"generate", "--format", "combined", "--size", "256k", "--out", log},
                {"scan", log},
                {"stats", "--quiet", "--json", dir.resolve("stats.json").toString(), log},
                {"grep", "--quiet", "--out", dir.resolve("grep.log").toString(), " 200 ", log},
                {
                    "grep",
                    "--quiet",
                    "--status",
                    "5xx",
                    "--out",
                    dir.resolve("5xx.log").toString(),
                    "",
                    log
                },
                {"parse", "--limit", "10", "--out", dir.resolve("parse.json").toString(), log}
            };
            String[] query = {
                "sql",
                "--out",
                dir.resolve("sql.tsv").toString(),
                "SELECT status, COUNT(*), MAX(ts), APPROX_PERCENTILE(`bytes`, 0.5) FROM logs"
                        + " WHERE status >= 400 GROUP BY status",
                log
            };
            if (sql) {
                commands = new String[][] {commands[0], query}; // the log generated, then queried
            }
            for (String[] command : commands) {
                if (Logslice.run(command) != 0) {
                    failed++;
                }
            }
        } finally {
            FileUtils.deleteDirectory(dir.toFile());
        }
        System.exit(failed == 0 ? 0 : 1);
    }
}
