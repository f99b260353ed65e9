package dev.logslice.benchmark;

import dev.logslice.connector.io.LineFeeds;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Counts line feeds in bytes, with the connector's SWAR search. */
final class LineCounts {
    private LineCounts() {}

    static long of(byte[] bytes, int from, int to) {
        long count = 0;
        for (int i = from; (i = LineFeeds.indexOf(bytes, i, to)) >= 0; i++) {
            count++;
        }
        return count;
    }

    static long ofFile(Path file) throws IOException {
        byte[] buffer = new byte[1 << 20];
        long count = 0;
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                count += of(buffer, 0, n);
            }
        }
        return count;
    }
}
