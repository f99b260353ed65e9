package dev.logslice.format;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A line no event could be made of, with where it is, why, and its first bytes. */
public final class MalformedLine implements ParseResult {
    /** How many leading bytes of the line are kept for reports. */
    public static final int SAMPLE_BYTES = 200;

    /** The reason of a {@link #isBlank blank} line. */
    public static final String BLANK = "blank line";

    private final String file;
    private final long offset;
    private final String reason;
    private final byte[] sample;
    private final boolean blank;

    public MalformedLine(String file, long offset, String reason, byte[] sample) {
        this(file, offset, reason, sample, false);
    }

    private MalformedLine(String file, long offset, String reason, byte[] sample, boolean blank) {
        this.file = file;
        this.offset = offset;
        this.reason = reason;
        this.sample = sample;
        this.blank = blank;
    }

    /** A malformed line that keeps the first {@link #SAMPLE_BYTES} of {@code buffer[start..]}. */
    public static MalformedLine of(
            String file, long offset, String reason, byte[] buffer, int start, int length) {
        int kept = Math.min(length, SAMPLE_BYTES);
        boolean blank = isBlank(buffer, start, length);
        return new MalformedLine(
                file,
                offset,
                blank ? BLANK : reason,
                Arrays.copyOfRange(buffer, start, start + kept),
                blank);
    }

    private static boolean isBlank(byte[] buffer, int start, int length) {
        for (int i = start; i < start + length; i++) {
            byte b = buffer[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the line holds nothing but spaces and tabs: no event, and no data lost either, so the
     * jobs count it as blank, not malformed (a log with blank lines between its records, a blank
     * line before a file's first multi-line event).
     */
    public boolean isBlank() {
        return blank;
    }

    @Override
    public String file() {
        return file;
    }

    @Override
    public long offset() {
        return offset;
    }

    public String reason() {
        return reason;
    }

    /** The first bytes of the line, as read. */
    public byte[] sample() {
        return sample.clone();
    }

    /** The first bytes with everything but printable ASCII escaped ({@code \xNN}, {@code \t}). */
    public String escapedSample() {
        StringBuilder out = new StringBuilder(sample.length + 16);
        for (byte b : sample) {
            int c = b & 0xFF;
            if (c == '\\') {
                out.append("\\\\");
            } else if (c == '\t') {
                out.append("\\t");
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c >= 0x20 && c < 0x7F) {
                out.append((char) c);
            } else {
                out.append(String.format("\\x%02x", c));
            }
        }
        return out.toString();
    }

    /**
     * The first bytes as text for a message a person reads: valid UTF-8 as it is ({@code ключ}),
     * bytes that are no UTF-8 as {@code \xNN}, and the characters that must not reach a terminal
     * raw ({@link UnsafeText}) as {@code \x1b} or {@code \\u202e}; a backslash is doubled, so that
     * an escape is never the log's own text. A character cut by the sample's end is no UTF-8.
     */
    public String visibleSample() {
        CharsetDecoder decoder =
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(sample);
        CharBuffer chars = CharBuffer.allocate(sample.length);
        StringBuilder out = new StringBuilder(sample.length + 16);
        while (true) {
            CoderResult result = decoder.decode(in, chars, true);
            appendVisible(chars.flip(), out);
            chars.clear();
            if (!result.isError()) {
                return out.toString();
            }
            for (int i = 0; i < result.length(); i++) {
                out.append(String.format("\\x%02x", in.get() & 0xFF));
            }
        }
    }

    private static void appendVisible(CharSequence chars, StringBuilder out) {
        for (int i = 0; i < chars.length(); i++) {
            char c = chars.charAt(i);
            if (c == '\\') {
                out.append("\\\\");
            } else if (!UnsafeText.isUnsafe(c)) {
                out.append(c);
            } else if (c < 0x100) {
                out.append(String.format("\\x%02x", (int) c));
            } else {
                out.append(String.format("\\u%04x", (int) c));
            }
        }
    }

    /** {@code file:offset: reason}, as strict mode reports it. */
    @Override
    public String toString() {
        return file + ":" + offset + ": " + reason;
    }
}
