package dev.logslice.format.json;

import javax.annotation.Nullable;

import java.util.Arrays;

/** A JSON array of numbers 0-255 as the bytes it stands for, as journalctl -o json writes them. */
final class ByteArrays {
    private ByteArrays() {}

    /**
     * The bytes of the JSON array text {@code b[start, end)} ({@code [104, 105]}), or null when it
     * is not an array of whole numbers 0-255 (or is empty).
     */
    @Nullable
    static byte[] bytesOf(byte[] b, int start, int end) {
        byte[] out = new byte[(end - start) / 2];
        int n = 0;
        int i = skipSpaces(b, start + 1, end);
        // end - 1 is the closing ']'.
        while (i < end - 1) {
            int value = 0;
            int digits = 0;
            for (; i < end - 1 && b[i] >= '0' && b[i] <= '9' && digits <= 3; i++, digits++) {
                value = value * 10 + b[i] - '0';
            }
            if (digits == 0 || digits > 3 || value > 255) {
                return null;
            }
            out[n++] = (byte) value;
            i = skipSpaces(b, i, end);
            if (i < end - 1) {
                if (b[i] != ',') {
                    return null;
                }
                i = skipSpaces(b, i + 1, end);
            }
        }
        return n == 0 ? null : Arrays.copyOf(out, n);
    }

    private static int skipSpaces(byte[] b, int i, int end) {
        while (i < end && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n')) {
            i++;
        }
        return i;
    }
}
