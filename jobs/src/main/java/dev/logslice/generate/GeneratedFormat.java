package dev.logslice.generate;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The log formats {@link LogGenerator} writes, by their command-line names. */
public enum GeneratedFormat {
    COMBINED(AccessLogWriter::combined),
    VCOMBINED(AccessLogWriter::vhostCombined),
    NGINX(AccessLogWriter::nginx),
    JSON(JsonAccessLogWriter::new),
    SYSLOG(SyslogWriter::new),
    LOG4J(Log4jWriter::new);

    private final Function<SeededRandom, LogEventWriter> writers;

    GeneratedFormat(Function<SeededRandom, LogEventWriter> writers) {
        this.writers = writers;
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

    LogEventWriter newWriter(SeededRandom random) {
        return writers.apply(random);
    }
}
