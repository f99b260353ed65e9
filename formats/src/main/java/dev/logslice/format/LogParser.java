package dev.logslice.format;

import javax.annotation.Nullable;

/**
 * Parses the lines of one file into events. A parser keeps scratch state and caches between lines,
 * so each thread (each file, when the format infers dates from the file) needs its own; {@link
 * LogFormat#newParser} makes them.
 *
 * <p>A line is given as {@code bytes[start, start + length)} without its terminator; the parser
 * copies what it keeps, so the caller may reuse the array afterwards.
 */
public interface LogParser {

    /**
     * The event of one line, or null when the line does not fit the format, with the reason in
     * {@link #failureReason()}. Must not throw on any input bytes.
     */
    @Nullable
    LogEvent tryParse(byte[] bytes, int start, int length, String file, long offset);

    /** Why the last {@link #tryParse} call returned null. */
    String failureReason();

    /**
     * For a line {@link #tryParse} rejected, in a format that wraps other programs' lines
     * (container logs): whether it continues the event before as a line of its own (a stack frame
     * the program wrote), with the part that continues it in {@code piece}. Formats whose raw lines
     * continue events ({@link LogFormat#continuationLines()}) answer false.
     */
    default boolean continuesEvent(byte[] bytes, int start, int length, ByteSpan piece) {
        return false;
    }

    /**
     * Whether the line, in a format that {@linkplain LogFormat#cutsLines cuts lines}, is cut short:
     * its rest is the next line of its stream ({@link #finishesLine}).
     */
    default boolean leavesLineUnfinished(byte[] bytes, int start, int length) {
        return false;
    }

    /**
     * For an event whose last line is unfinished ({@link LogEvent#hasUnfinishedLine()}): whether
     * this line is the rest of it, put in {@code piece}; marks the event finished or not by this
     * line. The line is then no event of its own.
     */
    default boolean finishesLine(
            LogEvent unfinished, byte[] bytes, int start, int length, ByteSpan piece) {
        return false;
    }

    /**
     * For a line that starts an event while {@code pending}, the event before it, waits for its
     * lines: whether the line is rather the next line of {@code pending}'s header, in a format
     * whose header spans lines that may each open an event (the slow query log's {@code #
     * User@Host:} after its {@code # Time:}, where an entry of the same second has none). The line
     * then joins {@code pending}.
     */
    default boolean joinsHeader(LogEvent pending, byte[] bytes, int start, int length) {
        return false;
    }

    /**
     * Whether a line that starts an event may be the next line of a header instead ({@link
     * #joinsHeader}), which only the line before it tells. The source cuts no split before such a
     * line: cut there, the two sides would read the header's lines as two events.
     */
    default boolean mayJoinHeader(byte[] bytes, int start, int length) {
        return false;
    }

    /**
     * Fills the fields that an event's later lines hold once it has all of them (the slow query
     * log's query time, user and query), just before it is emitted; for formats whose events span
     * lines. Must not throw on any input bytes.
     */
    default void complete(LogEvent event) {}

    /**
     * Whether {@link #complete} fills fields: an event's first line then does not tell them all.
     */
    default boolean completesFromLaterLines() {
        return false;
    }

    /**
     * As {@link #tryParse}, for a caller that is done with the event before it calls again (a fold
     * into counts, a row built from it): the event may view {@code bytes} instead of copying them
     * and be the same object each time ({@link LogEvent#viewing}), so that a line costs no copy and
     * no allocation. Parsers that cannot, return what {@link #tryParse} does.
     */
    @Nullable
    default LogEvent tryParseTransient(
            byte[] bytes, int start, int length, String file, long offset) {
        return tryParse(bytes, start, length, file, offset);
    }

    /** The event of one line or a malformed-line record; never throws. */
    default ParseResult parse(byte[] bytes, int start, int length, String file, long offset) {
        return parse(bytes, start, length, file, offset, false);
    }

    /** As {@link #parse}, with the event of {@link #tryParseTransient}. */
    default ParseResult parseTransient(
            byte[] bytes, int start, int length, String file, long offset) {
        return parse(bytes, start, length, file, offset, true);
    }

    private ParseResult parse(
            byte[] bytes, int start, int length, String file, long offset, boolean transientEvent) {
        String reason;
        try {
            LogEvent event =
                    transientEvent
                            ? tryParseTransient(bytes, start, length, file, offset)
                            : tryParse(bytes, start, length, file, offset);
            if (event != null) {
                return event;
            }
            reason = failureReason();
        } catch (RuntimeException e) {
            // A parser bug must cost one line, not the job; the fuzz tests keep this path dead.
            reason = "parser failure: " + e;
        }
        return MalformedLine.of(file, offset, reason, bytes, start, length);
    }
}
