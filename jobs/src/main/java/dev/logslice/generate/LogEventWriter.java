package dev.logslice.generate;

/** Composes the next event of one log format: one line, or several for a stack trace. */
interface LogEventWriter {

    /** Appends one whole event, each line ending with LF; time never goes back. */
    void writeEvent(LineBuffer out);

    /** The most bytes one event can take, so callers know when a buffer must be drained. */
    int maxEventBytes();
}
