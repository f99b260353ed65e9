package dev.logslice.format.time;

import java.io.Serializable;

/** One compiled piece of a {@link TimestampPattern}: a number, a name, an offset or text. */
final class TimestampElement implements Serializable {
    private static final long serialVersionUID = 1L;

    static final byte YEAR = 0;
    static final byte YEAR2 = 1;
    static final byte MONTH = 2;
    static final byte MONTH_NAME = 3;
    static final byte DAY = 4;
    static final byte HOUR = 5;
    static final byte MINUTE = 6;
    static final byte SECOND = 7;
    static final byte FRACTION = 8;
    static final byte OPTIONAL_FRACTION = 9;
    static final byte OFFSET = 10;
    static final byte DAY_NAME = 11;
    static final byte LITERAL = 12;
    static final byte DATE_TIME_SEPARATOR = 13;
    static final byte EPOCH_SECONDS = 14;
    static final byte EPOCH_MILLIS = 15;

    final byte kind;
    final int width;
    final byte[] literal;

    TimestampElement(byte kind, int width) {
        this(kind, width, null);
    }

    TimestampElement(byte kind, int width, byte[] literal) {
        this.kind = kind;
        this.width = width;
        this.literal = literal;
    }
}
