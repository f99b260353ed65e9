package dev.logslice.format.time;

/** A parsed instant with the offset it was written in; reused scratch, filled by parsers. */
public final class TimestampValue {
    public long epochSecond;
    public int nanos;
    public int offsetSeconds;

    /** Copies another value into this one. */
    public void set(TimestampValue other) {
        epochSecond = other.epochSecond;
        nanos = other.nanos;
        offsetSeconds = other.offsetSeconds;
    }
}
