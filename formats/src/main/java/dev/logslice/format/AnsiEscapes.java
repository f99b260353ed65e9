package dev.logslice.format;

import dev.logslice.connector.io.ByteSearch;
import dev.logslice.connector.source.Line;

import java.util.Arrays;

/**
 * Removes the ANSI escape sequences (CSI: {@code ESC [ params intermediates final}) a program wrote
 * to colour its lines for a terminal, such as Spring Boot's or a container's coloured console, so
 * that the line reads as its plain text. A lone ESC, or one before any other byte, stays. An
 * instance strips lines into its own buffer: one per thread.
 */
public final class AnsiEscapes {
    private static final byte ESC = 0x1b;

    private final ByteSpan plain = new ByteSpan();
    private byte[] buffer = new byte[0];

    /**
     * The line {@code b[start, start + length)} without its CSI sequences: the line itself when it
     * has none, else a copy in this object's buffer, good until the next call.
     */
    public ByteSpan plain(byte[] b, int start, int length) {
        if (indexOfEscape(b, start, length) < 0) {
            plain.set(b, start, start + length);
        } else {
            if (buffer.length < length) {
                buffer = new byte[length];
            }
            plain.set(buffer, 0, strip(b, start, length, buffer));
        }
        return plain;
    }

    /** {@link #plain(byte[], int, int)} of a line, which its reader may know holds no ESC. */
    public ByteSpan plain(Line line) {
        if (line.mayHoldEscape()) {
            return plain(line.buffer(), line.start(), line.length());
        }
        plain.set(line.buffer(), line.start(), line.start() + line.length());
        return plain;
    }

    /** The index of the first ESC in {@code b[start, start + length)}, or -1. */
    public static int indexOfEscape(byte[] b, int start, int length) {
        // Eight bytes a step: a line no reader searched for ESC (a sample for detection, a line
        // a grep prefilter passed) is looked at whole.
        return ByteSearch.indexOf(b, start, start + length, ESC);
    }

    /**
     * Copies {@code in[start, start + length)} to {@code out} from index 0 without its CSI
     * sequences; {@code out} holds at least {@code length} bytes.
     *
     * @return the length of the copy
     */
    public static int strip(byte[] in, int start, int length, byte[] out) {
        int end = start + length;
        int n = 0;
        int i = start;
        while (i < end) {
            int sequenceEnd = in[i] == ESC ? csiEnd(in, i, end) : -1;
            if (sequenceEnd < 0) {
                out[n++] = in[i++];
            } else {
                i = sequenceEnd;
            }
        }
        return n;
    }

    /** A line without its CSI sequences, or the same array when it has none. */
    public static byte[] strip(byte[] line) {
        if (indexOfEscape(line, 0, line.length) < 0) {
            return line;
        }
        byte[] out = new byte[line.length];
        return Arrays.copyOf(out, strip(line, 0, line.length, out));
    }

    /**
     * Where the CSI sequence at {@code b[escape]} ends (exclusive), or -1 when none starts there.
     */
    private static int csiEnd(byte[] b, int escape, int end) {
        if (escape + 1 >= end || b[escape + 1] != '[') {
            return -1;
        }
        int i = escape + 2;
        while (i < end && b[i] >= 0x30 && b[i] <= 0x3f) { // parameters: digits ; ? ...
            i++;
        }
        while (i < end && b[i] >= 0x20 && b[i] <= 0x2f) { // intermediates
            i++;
        }
        return i < end && b[i] >= 0x40 && b[i] <= 0x7e ? i + 1 : -1;
    }
}
