package dev.logslice.format.detect;

import dev.logslice.connector.io.Compression;
import dev.logslice.format.Bytes;
import dev.logslice.format.FileStart;

import javax.annotation.Nullable;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The first lines of a file, split by the source's rules (LF ends a line, CRLF is one end); of its
 * uncompressed content when its name tells a compression, as the source reads it. Lines longer than
 * the sample (a 1 MiB URL) are looked past, up to {@value #MAX_SKIP} bytes, rather than hiding the
 * lines after them.
 *
 * @param content whether the file is text in lines the source reads ({@link Content})
 */
public record LineSample(List<byte[]> lines, Content content) {
    /** What a file's first bytes say of it. */
    public enum Content {
        /** Lines of text. */
        TEXT,
        /**
         * A NUL byte in the first {@value #BINARY_PROBE_BYTES} bytes, as no text log holds (the
         * test of git and GNU grep): {@code wtmp}, journald files, images; the bytes after a
         * leading run of NULs, the hole {@code copytruncate} leaves in a log ({@link FileStart}).
         */
        BINARY,
        /** Binary by being UTF-16 text: a UTF-16 byte order mark first (PowerShell 5 writes so). */
        UTF_16,
        /**
         * Lines ended by CR alone (classic Mac OS): no LF in the sample but CRs between records, so
         * the source would read the file as one line and formats that allow text after their fields
         * would keep only its first record.
         */
        CR_LINE_ENDS
    }

    static final int BINARY_PROBE_BYTES = 8192;

    /** How far past lines too long to sample it looks for one that fits: the source's limit. */
    private static final long MAX_SKIP = 64L << 20;

    /**
     * Throws FormatDetectionException when no text comes out of the file's compression (a folder's
     * broken {@code .gz} is left out like any file that is no log). A stream that breaks off later
     * is sampled as far as it goes, as the source reads it up to there and tells of the damage.
     */
    public static LineSample read(Path file, int maxLines, int maxBytes)
            throws IOException, FormatDetectionException {
        byte[] head;
        boolean whole;
        boolean atFileStart = true;
        int textStart;
        Compression compression = Compression.ofFileName(file.getFileName().toString());
        try (EndsAtDamage in =
                new EndsAtDamage(
                        compression.decompress(Files.newInputStream(file)),
                        compression.isCompressed())) {
            head = in.readNBytes(maxBytes);
            if (head.length == 0 && in.damage != null) {
                throw in.damage; // no text at all to tell what the file is: left out as no log
            }
            // A hole of NULs longer than the sample (copytruncate) is looked past like a long line.
            for (long skipped = 0;
                    head.length == maxBytes
                            && FileStart.prefixLength(head, 0, head.length) == head.length
                            && skipped < MAX_SKIP;
                    skipped += maxBytes) {
                head = in.readNBytes(maxBytes);
            }
            textStart = FileStart.prefixLength(head, 0, head.length);
            // Nothing but NULs is no hole before text: a file of zeros.
            boolean onlyNuls = head.length > 0 && head[0] == 0 && textStart == head.length;
            if (onlyNuls || isBinary(head, textStart)) {
                return new LineSample(List.of(), isUtf16(head) ? Content.UTF_16 : Content.BINARY);
            }
            if (hasCrLineEnds(head, textStart)) {
                return new LineSample(List.of(), Content.CR_LINE_ENDS);
            }
            for (long skipped = 0;
                    head.length == maxBytes
                            && Bytes.indexOf(head, 0, head.length, (byte) '\n') < 0
                            && skipped < MAX_SKIP;
                    skipped += maxBytes) {
                head = pastLineEnd(in, maxBytes);
                atFileStart = false;
            }
            // A stream that broke off ends in a line cut short, not in a whole last line.
            whole = in.read() < 0 && in.damage == null;
        } catch (IOException e) {
            if (!compression.isCompressed()) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
            // The decompressor's message says nothing of the file: name it.
            throw new FormatDetectionException(
                    "cannot read "
                            + file
                            + ": corrupt "
                            + compression.displayName()
                            + " data ("
                            + e.getMessage()
                            + ")",
                    "corrupt " + compression.displayName());
        }
        List<byte[]> lines = new ArrayList<>();
        // As the parsers read it: the mark or hole is no part of the first line.
        int start = atFileStart ? textStart : 0;
        for (int i = 0; i < head.length && lines.size() < maxLines; i++) {
            if (head[i] == '\n') {
                int end = i > start && head[i - 1] == '\r' ? i - 1 : i;
                lines.add(Arrays.copyOfRange(head, start, end));
                start = i + 1;
            }
        }
        // A last line is whole only when the file ends there.
        if (whole && start < head.length && lines.size() < maxLines) {
            lines.add(Arrays.copyOfRange(head, start, head.length));
        }
        return new LineSample(lines, Content.TEXT);
    }

    /** No LF, and at least two CRs with text after them. */
    private static boolean hasCrLineEnds(byte[] head, int from) {
        if (Bytes.indexOf(head, from, head.length, (byte) '\n') >= 0) {
            return false;
        }
        int ends = 0;
        for (int i = from; i < head.length - 1 && ends < 2; i++) {
            if (head[i] == '\r') {
                ends++;
            }
        }
        return ends == 2;
    }

    private static boolean isUtf16(byte[] head) {
        return head.length >= 2
                && ((head[0] == (byte) 0xFF && head[1] == (byte) 0xFE)
                        || (head[0] == (byte) 0xFE && head[1] == (byte) 0xFF));
    }

    private static boolean isBinary(byte[] head, int from) {
        for (int i = from; i < Math.min(head.length, from + BINARY_PROBE_BYTES); i++) {
            if (head[i] == 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * A decompressed stream that ends where decompressing fails, keeping the failure; the bytes
     * before it are the file's as the source reads them. A plain file's read failure is thrown.
     */
    private static final class EndsAtDamage extends FilterInputStream {
        private final boolean compressed;
        @Nullable IOException damage;

        EndsAtDamage(InputStream in, boolean compressed) {
            super(in);
            this.compressed = compressed;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] target, int offset, int length) throws IOException {
            if (damage != null) {
                return -1;
            }
            try {
                return super.read(target, offset, length);
            } catch (IOException e) {
                if (!compressed) {
                    throw e;
                }
                damage = e;
                return -1;
            }
        }
    }

    /**
     * Reads on to the end of the line being read and returns up to {@code maxBytes} after it; when
     * no line end is within {@code maxBytes}, those bytes of the line (a full chunk without one),
     * and empty when the file ends first.
     */
    private static byte[] pastLineEnd(InputStream in, int maxBytes) throws IOException {
        byte[] chunk = in.readNBytes(maxBytes);
        int lf = Bytes.indexOf(chunk, 0, chunk.length, (byte) '\n');
        if (lf < 0) {
            // Still inside the long line: the caller reads on while a chunk is full.
            return chunk.length == maxBytes ? chunk : new byte[0];
        }
        byte[] head = Arrays.copyOf(chunk, maxBytes);
        int kept = chunk.length - lf - 1;
        System.arraycopy(chunk, lf + 1, head, 0, kept);
        int more = in.readNBytes(head, kept, maxBytes - kept);
        return Arrays.copyOf(head, kept + more);
    }
}
