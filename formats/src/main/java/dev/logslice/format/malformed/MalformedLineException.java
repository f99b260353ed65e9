package dev.logslice.format.malformed;

import dev.logslice.format.MalformedLine;

/** Strict mode's failure: the first malformed line, as {@code file:offset: reason}. */
public final class MalformedLineException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient MalformedLine line;

    public MalformedLineException(MalformedLine line) {
        super(line.toString());
        this.line = line;
    }

    public MalformedLine line() {
        return line;
    }
}
