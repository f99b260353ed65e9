package dev.logslice.cli;

import dev.logslice.connector.source.LogFileSourceBuilder;
import dev.logslice.connector.source.LogSourceOptions;

import org.apache.flink.util.TimeUtils;

import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * {@code --event-timeout DURATION}: how long a followed file's last multi-line event waits for more
 * lines ({@link LogSourceOptions#FOLLOW_EVENT_TIMEOUT}), for the commands that follow events.
 */
final class EventTimeoutOption {
    private static final Duration MINIMUM = Duration.ofMillis(100);

    @Option(
            names = "--event-timeout",
            paramLabel = "DURATION",
            description =
                    "With --follow, for multi-line formats (Java logs with stack traces): how long"
                            + " a file's last event waits for more lines once the file stops"
                            + " growing, then it is written out as it is: 500ms, 2s, 1m..."
                            + " (default: 2s). A trace line that comes after is malformed, and"
                            + " its reason says so.")
    String timeout;

    /** For a run without {@code --follow}. */
    void refuseWithoutFollow() {
        if (timeout != null) {
            throw new IllegalArgumentException("--event-timeout goes with --follow only");
        }
    }

    /** The followed source, its events flushed after the timeout asked for. */
    <T> LogFileSourceBuilder<T> applyTo(LogFileSourceBuilder<T> source) {
        return timeout == null ? source : source.setEventTimeout(duration());
    }

    private Duration duration() {
        Duration duration;
        try {
            duration = TimeUtils.parseDuration(timeout);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "--event-timeout '"
                            + timeout
                            + "' is not a duration (examples: 500ms, 2s, 1m)");
        }
        if (duration.compareTo(MINIMUM) < 0) {
            throw new IllegalArgumentException(
                    "--event-timeout '" + timeout + "' must be at least 100ms");
        }
        return duration;
    }
}
