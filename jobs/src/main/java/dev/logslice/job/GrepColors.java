package dev.logslice.job;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.Channels;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;

/**
 * {@code --color}: grep's output in GNU grep's colours and SGR sequences, so that it reads as GNU
 * grep's does (and {@code less -R} shows it alike): file names magenta, line numbers green,
 * separators cyan, the non-empty matches of every line written bold red (GNU's default {@code
 * GREP_COLORS}: {@code ms=01;31:fn=35:ln=32:se=36}).
 *
 * <p>On a terminal, what comes from the logs (lines and file names) has what would drive the
 * terminal shown escaped ({@link TerminalSafeChannel}), and only these colours reach it raw.
 *
 * @param matches the pattern whose matches are coloured, as the lines were selected with
 * @param escapeControls whether the output goes to a terminal
 */
public record GrepColors(LinePattern matches, boolean escapeControls) implements Serializable {
    private static final byte[] MATCH = sgr("01;31");
    private static final byte[] FILE_NAME = sgr("35");
    private static final byte[] LINE_NUMBER = sgr("32");
    private static final byte[] SEPARATOR = sgr("36");
    private static final byte[] END = "\033[m\033[K".getBytes(StandardCharsets.US_ASCII);

    /** GNU grep's start of a colour: the SGR, then erase to the line's end (its background). */
    private static byte[] sgr(String parameters) {
        return ("\033[" + parameters + "m\033[K").getBytes(StandardCharsets.US_ASCII);
    }

    void fileName(byte[] name, OutputStream out) throws IOException {
        coloured(FILE_NAME, name, 0, name.length, out);
    }

    void lineNumber(long number, OutputStream out) throws IOException {
        byte[] digits = Long.toString(number).getBytes(StandardCharsets.US_ASCII);
        coloured(LINE_NUMBER, digits, 0, digits.length, out);
    }

    /** A separator: {@code :}, {@code -} or the {@code --} between groups of context. */
    void separator(String separator, OutputStream out) throws IOException {
        byte[] bytes = separator.getBytes(StandardCharsets.US_ASCII);
        coloured(SEPARATOR, bytes, 0, bytes.length, out);
    }

    /** A part {@code -o} wrote: a match, then its LF. */
    void matchedPart(byte[] bytes, int start, int end, OutputStream out) throws IOException {
        coloured(MATCH, bytes, start, end - 1, out);
        out.write('\n');
    }

    /**
     * A line with its terminator, its non-empty matches coloured if {@code matching}: found as the
     * lines were selected, in its content decoded as UTF-8, at the same bytes.
     */
    void line(byte[] bytes, int start, int end, boolean matching, OutputStream out)
            throws IOException {
        int contentEnd = end;
        if (contentEnd > start && bytes[contentEnd - 1] == '\n') {
            contentEnd--;
            if (contentEnd > start && bytes[contentEnd - 1] == '\r') {
                contentEnd--;
            }
        }
        int written = start;
        if (!matching) {
            text(bytes, written, contentEnd, out);
            out.write(bytes, contentEnd, end - contentEnd);
            return;
        }
        Decoded content = Decoded.of(bytes, start, contentEnd);
        Matcher matcher = matches.matcher(content.text);
        while (matcher.find()) {
            if (matcher.end() == matcher.start()) {
                continue;
            }
            int from = content.byteAt(matcher.start());
            int to = content.byteAt(matcher.end());
            text(bytes, written, from, out);
            coloured(MATCH, bytes, from, to, out);
            written = to;
        }
        text(bytes, written, contentEnd, out);
        out.write(bytes, contentEnd, end - contentEnd);
    }

    private void coloured(byte[] colour, byte[] bytes, int start, int end, OutputStream out)
            throws IOException {
        out.write(colour);
        text(bytes, start, end, out);
        out.write(END);
    }

    /** Bytes of the logs or of a file's name: escaped on a terminal, else as they are. */
    private void text(byte[] bytes, int start, int end, OutputStream out) throws IOException {
        if (start == end) {
            return;
        }
        if (!escapeControls) {
            out.write(bytes, start, end - start);
            return;
        }
        TerminalSafeChannel shown = new TerminalSafeChannel(Channels.newChannel(out));
        shown.write(ByteBuffer.wrap(bytes, start, end - start));
        shown.finish();
    }

    /**
     * A line's content decoded as {@link dev.logslice.connector.source.Line#toUtf8String()} does
     * (each malformed sequence one U+FFFD), with the byte where each char starts.
     */
    private record Decoded(String text, int[] byteOfChar) {
        static Decoded of(byte[] bytes, int start, int end) {
            CharsetDecoder decoder =
                    StandardCharsets.UTF_8
                            .newDecoder()
                            .onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT);
            ByteBuffer in = ByteBuffer.wrap(bytes, start, end - start);
            // At most a char per byte: a malformed sequence of any length is one U+FFFD.
            CharBuffer out = CharBuffer.allocate(end - start);
            int[] byteOfChar = new int[end - start + 1];
            while (true) {
                int from = out.position();
                int at = in.position();
                CoderResult result = decoder.decode(in, out, true);
                for (int c = from; c < out.position(); c++) {
                    byteOfChar[c] = at;
                    at += utf8Length(out.get(c));
                }
                if (!result.isError()) {
                    break; // the end: with the input whole, nothing is left over
                }
                byteOfChar[out.position()] = in.position();
                out.put('\uFFFD');
                in.position(in.position() + result.length());
            }
            byteOfChar[out.position()] = end;
            return new Decoded(out.flip().toString(), byteOfChar);
        }

        /** Bytes of a char's UTF-8: a surrogate pair's four on its high half. */
        private static int utf8Length(char c) {
            return c < 0x80
                    ? 1
                    : c < 0x800
                            ? 2
                            : Character.isHighSurrogate(c)
                                    ? 4
                                    : Character.isLowSurrogate(c) ? 0 : 3;
        }

        int byteAt(int charIndex) {
            return byteOfChar[charIndex];
        }
    }
}
