package dev.logslice.format.detect;

import dev.logslice.connector.io.Compression;

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
 * uncompressed content when its name tells a compression, as the source reads it.
 *
 * @param binary whether the first {@value #BINARY_PROBE_BYTES} bytes hold a NUL byte, as no text
 *     log does (the test of git and GNU grep): {@code wtmp}, journald files, images
 */
public record LineSample(List<byte[]> lines, boolean binary) {
    static final int BINARY_PROBE_BYTES = 8192;

    /**
     * Throws FormatDetectionException when the file's compression is corrupt where the sample reads
     * it (a folder's broken {@code .gz} is left out like any file that is no log).
     */
    public static LineSample read(Path file, int maxLines, int maxBytes)
            throws IOException, FormatDetectionException {
        byte[] head;
        boolean whole;
        Compression compression = Compression.ofFileName(file.getFileName().toString());
        try (InputStream in = compression.decompress(Files.newInputStream(file))) {
            head = in.readNBytes(maxBytes);
            whole = in.read() < 0;
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
        for (int i = 0; i < Math.min(head.length, BINARY_PROBE_BYTES); i++) {
            if (head[i] == 0) {
                return new LineSample(List.of(), true);
            }
        }
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
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
        return new LineSample(lines, false);
    }
}
