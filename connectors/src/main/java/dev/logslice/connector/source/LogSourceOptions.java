package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.MemorySize;

import java.time.Duration;

/** Every option of {@link LogFileSource}, settable on its builder or in a Flink configuration. */
@PublicEvolving
public final class LogSourceOptions {
    private LogSourceOptions() {}

    public static final ConfigOption<MemorySize> SPLIT_SIZE =
            ConfigOptions.key("logslice.source.split-size")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(64))
                    .withDescription(
                            "Target size of the byte ranges a file is cut into; a multiple of the"
                                    + " file system block size (4096 where unknown). Smaller"
                                    + " ranges are used when the input would otherwise give"
                                    + " fewer than min-splits-per-reader per reader. Smaller"
                                    + " files and the tails of larger ones are packed"
                                    + " together into splits of up to this size.");

    public static final ConfigOption<Integer> MIN_SPLITS_PER_READER =
            ConfigOptions.key("logslice.source.min-splits-per-reader")
                    .intType()
                    .defaultValue(2)
                    .withDescription(
                            "Splits wanted per reader: the split size shrinks (to no less than a"
                                    + " block) until the input gives this many, so that a fast"
                                    + " reader can take more work than a slow one.");

    public static final ConfigOption<MemorySize> READ_BUFFER_SIZE =
            ConfigOptions.key("logslice.source.read-buffer-size")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(1))
                    .withDescription(
                            "Bytes asked for by each read call, into a page-aligned direct"
                                    + " buffer; a multiple of 4096. Compressed files are read in"
                                    + " blocks of this size too.");

    public static final ConfigOption<MemorySize> MAX_LINE_LENGTH =
            ConfigOptions.key("logslice.source.max-line-length")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(64))
                    .withDescription(
                            "Lines longer than this are skipped, counted as oversized and"
                                    + " reported with file and offset; bounds reader memory.");

    public static final ConfigOption<Boolean> SKIP_MISSING_FILES =
            ConfigOptions.key("logslice.source.skip-missing-files")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Whether a file that was listed but is gone when its split is to be"
                                    + " read (a log rotated away) is skipped, with a report"
                                    + " naming it, instead of failing the job.");

    public static final ConfigOption<Duration> MONITOR_INTERVAL =
            ConfigOptions.key("logslice.source.monitor-interval")
                    .durationType()
                    .noDefaultValue()
                    .withDescription(
                            "When set, the source is unbounded: it lists the input paths again at"
                                    + " this interval for new files, and follows each file as it"
                                    + " grows and is rotated (by its identity, not its name)."
                                    + " Unset (the default): the files are read as they are"
                                    + " when the job lists them, and the source ends.");

    public static final ConfigOption<Duration> PARTIAL_LINE_TIMEOUT =
            ConfigOptions.key("logslice.source.partial-line-timeout")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(5))
                    .withDescription(
                            "When following files: how long the last line of a file may wait for"
                                    + " its LF; after that it is taken as it is, and what is"
                                    + " appended later starts a new line. A file rotated away or"
                                    + " deleted is read to its end and let go once it has not"
                                    + " grown for this long.");

    public static final ConfigOption<Boolean> FOLLOW_FROM_START =
            ConfigOptions.key("logslice.source.follow-from-start")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "When following files: whether the files there at the start are read"
                                    + " from their beginning. By default they are followed from"
                                    + " their end, as tail -f does; files that appear later are"
                                    + " always read from their beginning.");

    public static final ConfigOption<Duration> FOLLOW_POLL_INTERVAL =
            ConfigOptions.key("logslice.source.follow-poll-interval")
                    .durationType()
                    .defaultValue(Duration.ofMillis(100))
                    .withDescription(
                            "When following files: how long a reader that has caught up with all"
                                    + " its files waits before it looks at their sizes again; the"
                                    + " latency of a new line is at most about this much.");

    public static final ConfigOption<Duration> FOLLOW_EVENT_TIMEOUT =
            ConfigOptions.key("logslice.source.follow-event-timeout")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(2))
                    .withDescription(
                            "When following files, for records that span lines (a Java log"
                                    + " event with its stack trace): how long a file's last event"
                                    + " waits for more lines once the file stops growing; after"
                                    + " that it is emitted as it is (as Filebeat's multiline"
                                    + " timeout does). A last line still waiting for its LF"
                                    + " (partial-line-timeout) holds it back until it is taken.");
}
