package dev.logslice.format;

/** What a parser makes of a line: a {@link LogEvent} or a {@link MalformedLine}. */
public interface ParseResult {

    /** The file of the event's (or malformed line's) first line. */
    String file();

    /** Byte offset of the first line in its file. */
    long offset();
}
