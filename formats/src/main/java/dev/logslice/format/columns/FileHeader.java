package dev.logslice.format.columns;

import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Finds the columns line a file had before a byte offset, for a parser that starts reading in the
 * middle of a file (a split after the first): the last one in the file's first {@value #HEAD_BYTES}
 * bytes before the offset, where services write their header.
 */
final class FileHeader {
    static final int HEAD_BYTES = 64 * 1024;

    private FileHeader() {}

    /** The line starting with {@code directive} before {@code offset}, or null when none. */
    @Nullable
    static byte[] find(String file, long offset, String directive) {
        byte[] head;
        try (FSDataInputStream in = new Path(file).getFileSystem().open(new Path(file))) {
            head = in.readNBytes((int) Math.min(HEAD_BYTES, offset));
        } catch (IOException | IllegalArgumentException e) {
            // No readable file (a stream, a test's name): the lines have no header to go by.
            return null;
        }
        byte[] key = directive.getBytes(StandardCharsets.US_ASCII);
        byte[] found = null;
        int lineStart = 0;
        for (int i = 0; i <= head.length; i++) {
            if (i == head.length || head[i] == '\n') {
                int end = i > lineStart && head[i - 1] == '\r' ? i - 1 : i;
                if (startsWith(head, lineStart, end, key) && i < head.length) {
                    found = java.util.Arrays.copyOfRange(head, lineStart, end);
                }
                lineStart = i + 1;
            }
        }
        return found;
    }

    static boolean startsWith(byte[] b, int start, int end, byte[] prefix) {
        if (end - start < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (b[start + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
