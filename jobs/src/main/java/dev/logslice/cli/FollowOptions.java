package dev.logslice.cli;

import dev.logslice.connector.source.LogFileSourceBuilder;

import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;

/**
 * {@code --follow}, {@code --from-start} and {@code --checkpoint-dir}, the same for every command
 * that follows logs; {@link FollowRun} runs what they ask for.
 */
final class FollowOptions {
    /** How often {@code --follow} looks for new files in the folders and globs given. */
    private static final Duration MONITOR_INTERVAL = Duration.ofSeconds(1);

    @Option(
            names = "--follow",
            description =
                    "Follow the files as they grow and are rotated (by identity, not name), and"
                            + " new files in the folders and globs given; write what comes as it"
                            + " comes, lines of a file in file order, until Ctrl-C or SIGTERM"
                            + " (exit 0). Existing files are read from their end, as tail -f"
                            + " does (a run resumed from --checkpoint-dir goes on where the last"
                            + " one was).")
    boolean follow;

    @Option(
            names = "--checkpoint-dir",
            paramLabel = "DIR",
            description =
                    "With --follow: checkpoint every 2 s into DIR and resume from its latest"
                            + " checkpoint, where the last run stopped (Ctrl-C or SIGTERM take a"
                            + " savepoint there first), was killed or crashed. --out then holds"
                            + " every line exactly once across runs: what was written after the"
                            + " checkpoint resumed from is cut off. One DIR per command. With"
                            + " --cluster, a folder the cluster reaches at the same path; scan and"
                            + " stats keep their total in it too.")
    Path checkpointDir;

    @Option(
            names = "--from-start",
            description = "With --follow: read the files there at the start from their beginning.")
    boolean fromStart;

    /** For a run without {@code --follow}: refuses the options that go with it only. */
    void refuseWithoutFollow() {
        if (fromStart || checkpointDir != null) {
            throw new IllegalArgumentException(
                    "--from-start and --checkpoint-dir go with --follow only");
        }
    }

    /** The source unbounded: files listed again every second, existing ones from their end. */
    <T> LogFileSourceBuilder<T> following(LogFileSourceBuilder<T> source) {
        return source.monitorContinuously(MONITOR_INTERVAL).setFollowFromStart(fromStart);
    }
}
