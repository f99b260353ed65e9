package dev.logslice.cli;

import org.apache.flink.util.TimeUtils;

import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * {@code --refresh DURATION}: how often a {@code --follow} report is made ({@link LiveRefresh}).
 */
final class RefreshOption {
    @Option(
            names = "--refresh",
            paramLabel = "DURATION",
            description =
                    "With --follow: how often the report is made again: 500ms, 2s, 1m..."
                            + " (default: 2s).")
    String refresh;

    /** Whether --refresh was given. */
    boolean given() {
        return refresh != null;
    }

    Duration interval() {
        if (refresh == null) {
            return Duration.ofSeconds(2);
        }
        Duration interval;
        try {
            interval = TimeUtils.parseDuration(refresh);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "--refresh '" + refresh + "' is not a duration (examples: 500ms, 2s, 1m)");
        }
        if (interval.toMillis() < 100) {
            throw new IllegalArgumentException(
                    "--refresh '" + refresh + "' must be at least 100ms");
        }
        return interval;
    }
}
