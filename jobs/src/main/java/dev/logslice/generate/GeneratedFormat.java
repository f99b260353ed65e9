package dev.logslice.generate;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/** The log formats {@link LogGenerator} writes, by their command-line names. */
public enum GeneratedFormat {
    COMBINED(AccessLogWriter::combined),
    VCOMBINED(AccessLogWriter::vhostCombined),
    NGINX(AccessLogWriter::nginx),
    JSON(JsonAccessLogWriter::new),
    SYSLOG((random, cardinality) -> new SyslogWriter(random), false),
    LOG4J((random, cardinality) -> new Log4jWriter(random), false);

    private final BiFunction<SeededRandom, WebCardinality, LogEventWriter> writers;
    private final boolean webTraffic;

    GeneratedFormat(BiFunction<SeededRandom, WebCardinality, LogEventWriter> writers) {
        this(writers, true);
    }

    GeneratedFormat(
            BiFunction<SeededRandom, WebCardinality, LogEventWriter> writers, boolean webTraffic) {
        this.writers = writers;
        this.webTraffic = webTraffic;
    }

    /** Whether the format logs web requests, whose clients and paths a cardinality sets. */
    public boolean hasWebTraffic() {
        return webTraffic;
    }

    /** The name used on the command line, e.g. {@code combined}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The format with this command-line name; the message lists the names otherwise. */
    public static GeneratedFormat fromName(String name) {
        for (GeneratedFormat format : values()) {
            if (format.cliName().equals(name)) {
                return format;
            }
        }
        throw new IllegalArgumentException(
                "unknown format '" + name + "' (one of " + names() + ")");
    }

    public static String names() {
        return Arrays.stream(values())
                .map(GeneratedFormat::cliName)
                .collect(Collectors.joining(", "));
    }

    LogEventWriter newWriter(SeededRandom random, WebCardinality cardinality) {
        return writers.apply(random, cardinality);
    }
}
