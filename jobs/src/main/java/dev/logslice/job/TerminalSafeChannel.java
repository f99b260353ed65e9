package dev.logslice.job;

import dev.logslice.format.UnsafeText;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Log lines on their way to a terminal, with what would drive it shown instead ({@link
 * UnsafeText}): a line holding {@code ESC ]0;title BEL} would retitle the window, {@code ESC [2J}
 * clear it, a lone CR overwrite what came before, U+202E reverse what follows. Those come out as
 * {@code \x1b}, {@code \x0d}, {@code \u202e}, as the reports write them; tabs, line ends and CRLF
 * pass, and so does every other byte, invalid UTF-8 too: a terminal shows that as a mark. Output to
 * a file or a pipe is never changed: it is the lines as in their files, as GNU grep writes them.
 *
 * <p>Bytes come in chunks cut anywhere, so a sequence that may be unsafe, or a CR whose next byte
 * decides, is kept back until the bytes after it come, or {@link #finish()}.
 */
public final class TerminalSafeChannel implements WritableByteChannel {
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private final WritableByteChannel out;

    /** The start of a sequence that the next bytes complete: at most two bytes. */
    private byte[] held = new byte[0];

    private byte[] shown = new byte[8192];
    private int shownLength;

    public TerminalSafeChannel(WritableByteChannel out) {
        this.out = out;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        int length = src.remaining();
        byte[] bytes = new byte[held.length + length];
        System.arraycopy(held, 0, bytes, 0, held.length);
        src.get(bytes, held.length, length);
        int end = show(bytes, false);
        held = Arrays.copyOfRange(bytes, end, bytes.length);
        drain();
        return length;
    }

    /** Writes what was kept back: the output ends here. */
    public void finish() throws IOException {
        show(held, true);
        held = new byte[0];
        drain();
    }

    @Override
    public boolean isOpen() {
        return out.isOpen();
    }

    /** Finishes; the channel written to is left open (stdout is the process's). */
    @Override
    public void close() throws IOException {
        finish();
    }

    /**
     * Appends {@code bytes} as they are to be shown, up to a sequence that the bytes after them may
     * complete unless {@code last}; returns where that starts.
     */
    private int show(byte[] bytes, boolean last) {
        int safeFrom = 0;
        int i = 0;
        while (i < bytes.length) {
            int b = bytes[i] & 0xFF;
            int needed = b == 0xC2 || b == 0xD8 ? 2 : b == 0xE2 ? 3 : b == '\r' ? 2 : 1;
            if (i + needed > bytes.length && !last) {
                break;
            }
            int unsafe = -1;
            int length = 1;
            if (b == '\r') {
                unsafe = i + 1 < bytes.length && bytes[i + 1] == '\n' ? -1 : b;
            } else if (needed > 1 && i + needed <= bytes.length) {
                int c = codePoint(bytes, i, needed);
                if (c >= 0) {
                    length = needed;
                    unsafe = UnsafeText.isUnsafe(c) ? c : -1;
                }
            } else if (b < 0x80 && b != '\t' && b != '\n' && UnsafeText.isUnsafe(b)) {
                unsafe = b;
            }
            if (unsafe >= 0) {
                append(bytes, safeFrom, i - safeFrom);
                appendEscape(unsafe);
                safeFrom = i + length;
            }
            i += length;
        }
        append(bytes, safeFrom, i - safeFrom);
        return i;
    }

    /** The code point of the UTF-8 sequence of {@code length} bytes at {@code i}, or -1. */
    private static int codePoint(byte[] bytes, int i, int length) {
        int c = bytes[i] & (length == 2 ? 0x1F : 0x0F);
        for (int k = 1; k < length; k++) {
            int next = bytes[i + k] & 0xFF;
            if ((next & 0xC0) != 0x80) {
                return -1;
            }
            c = c << 6 | next & 0x3F;
        }
        return c;
    }

    /** {@code \x1b} below U+0100, {@code \u202e} above, as {@code LogText} writes them. */
    private void appendEscape(int c) {
        int digits = c < 0x100 ? 2 : 4;
        byte[] escape = new byte[2 + digits];
        escape[0] = '\\';
        escape[1] = (byte) (digits == 2 ? 'x' : 'u');
        for (int k = 0; k < digits; k++) {
            escape[2 + k] = HEX[c >> (4 * (digits - 1 - k)) & 0xF];
        }
        append(escape, 0, escape.length);
    }

    private void append(byte[] bytes, int from, int length) {
        if (shownLength + length > shown.length) {
            shown = Arrays.copyOf(shown, Math.max(shown.length * 2, shownLength + length));
        }
        System.arraycopy(bytes, from, shown, shownLength, length);
        shownLength += length;
    }

    private void drain() throws IOException {
        for (ByteBuffer left = ByteBuffer.wrap(shown, 0, shownLength); left.hasRemaining(); ) {
            out.write(left);
        }
        shownLength = 0;
    }
}
