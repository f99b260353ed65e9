package dev.logslice.format;

import java.nio.charset.StandardCharsets;

/**
 * A reusable view of a field's UTF-8 bytes, {@code bytes[start, end)}, filled by {@link
 * LogEvent#span}: lets per-line consumers use a field without a {@code String} per line.
 */
public final class ByteSpan {
    byte[] bytes;
    int start;
    int end;

    public byte[] bytes() {
        return bytes;
    }

    public int start() {
        return start;
    }

    public int end() {
        return end;
    }

    public int length() {
        return end - start;
    }

    /** Whether the span is exactly the ASCII {@code text}. */
    public boolean contentEquals(String text) {
        return length() == text.length() && Bytes.startsWith(bytes, start, end, text);
    }

    /** Cuts the span before the first {@code c}, if it has one. */
    public void cutAt(byte c) {
        int at = Bytes.indexOf(bytes, start, end, c);
        if (at >= 0) {
            end = at;
        }
    }

    void set(byte[] bytes, int start, int end) {
        this.bytes = bytes;
        this.start = start;
        this.end = end;
    }

    void set(String value) {
        byte[] encoded = value.getBytes(StandardCharsets.UTF_8);
        set(encoded, 0, encoded.length);
    }
}
