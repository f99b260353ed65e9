package dev.logslice.format.layout;

/** Where a captured value goes in the event, and how it is converted on the way. */
public enum Binding {
    /** A string field, as a span of the line. */
    STRING,
    STATUS,
    BYTES,
    PID,
    /** The request time, written in seconds. */
    SECONDS,
    /** The request time, written in milliseconds. */
    MILLIS,
    /** The request time, written in microseconds. */
    MICROS,
    TIMESTAMP,
    /** An HTTP request line, split into method, path and protocol. */
    REQUEST_LINE,
    /** An entry of the extra map: a number for digit shapes, else a string. */
    EXTRA,
    /** Matched but not kept. */
    IGNORE
}
