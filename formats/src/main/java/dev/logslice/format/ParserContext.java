package dev.logslice.format;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Objects;

/**
 * What a parser needs to know beyond the line: the time zone of timestamps written without an
 * offset, and the reference time that stands in for what timestamps leave out (the year of a syslog
 * line, the date of a time-only line), normally the file's last modification time.
 */
public final class ParserContext implements Serializable {
    private static final long serialVersionUID = 1L;

    private final ZoneId zone;
    private final Instant referenceTime;

    private ParserContext(ZoneId zone, Instant referenceTime) {
        this.zone = Objects.requireNonNull(zone, "zone");
        this.referenceTime = Objects.requireNonNull(referenceTime, "referenceTime");
    }

    public static ParserContext of(ZoneId zone, Instant referenceTime) {
        return new ParserContext(zone, referenceTime);
    }

    /** A context for one file: its modification time is the reference time. */
    public static ParserContext forFile(Path file, ZoneId zone) throws IOException {
        return new ParserContext(zone, Files.getLastModifiedTime(file).toInstant());
    }

    public ZoneId zone() {
        return zone;
    }

    public Instant referenceTime() {
        return referenceTime;
    }

    @Override
    public String toString() {
        return "zone " + zone + ", reference time " + referenceTime;
    }
}
