package dev.logslice.generate;

import java.nio.charset.StandardCharsets;

/**
 * A large byte array that lines are composed into, with the appends log fields need; numbers are
 * written as ASCII digits directly, never through {@code String.format}.
 */
final class LineBuffer {
    final byte[] bytes;
    int length;

    LineBuffer(int capacity) {
        this.bytes = new byte[capacity];
    }

    LineBuffer put(byte b) {
        bytes[length++] = b;
        return this;
    }

    LineBuffer put(char c) {
        bytes[length++] = (byte) c;
        return this;
    }

    LineBuffer put(byte[] b) {
        System.arraycopy(b, 0, bytes, length, b.length);
        length += b.length;
        return this;
    }

    /** Appends a string literal; callers pass ASCII only. */
    LineBuffer ascii(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            bytes[length++] = (byte) s.charAt(i);
        }
        return this;
    }

    LineBuffer decimal(long value) {
        int digits = 1;
        for (long v = value; v >= 10; v /= 10) {
            digits++;
        }
        for (int i = length + digits - 1; i >= length; i--) {
            bytes[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        length += digits;
        return this;
    }

    /** Zero-padded to {@code width} digits. */
    LineBuffer padded(int value, int width) {
        for (int i = length + width - 1; i >= length; i--) {
            bytes[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        length += width;
        return this;
    }

    /** Seconds with three decimals from milliseconds, as nginx writes {@code $request_time}. */
    LineBuffer seconds(long millis) {
        return decimal(millis / 1000).put('.').padded((int) (millis % 1000), 3);
    }

    LineBuffer hex(long value, int digits) {
        for (int i = length + digits - 1; i >= length; i--) {
            bytes[i] = (byte) "0123456789abcdef".charAt((int) (value & 15));
            value >>>= 4;
        }
        length += digits;
        return this;
    }

    LineBuffer newline() {
        bytes[length++] = '\n';
        return this;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
