package dev.logslice.connector.testing;

import dev.logslice.connector.source.LineTerminator;
import dev.logslice.connector.source.LogLine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Test log files with every kind of line ending, and their lines found independently. */
public final class LogFiles {
    private LogFiles() {}

    /**
     * Random lines: empty, short, longer than {@code longLine} bytes, with LF, CRLF or (last) no
     * terminator, lone CRs, NUL and invalid UTF-8 bytes.
     */
    public static byte[] randomLog(Random random, int lines, int longLine) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < lines; i++) {
            int length =
                    random.nextInt(20) == 0
                            ? longLine + random.nextInt(longLine)
                            : random.nextInt(200);
            for (int j = 0; j < length; j++) {
                int kind = random.nextInt(100);
                if (kind == 0) {
                    out.write('\r');
                } else if (kind == 1) {
                    out.write(0);
                } else if (kind == 2) {
                    out.write(0xC3); // a UTF-8 lead byte with no continuation
                } else {
                    out.write('a' + random.nextInt(26));
                }
            }
            boolean last = i == lines - 1;
            if (last && random.nextBoolean()) {
                break;
            }
            if (random.nextInt(3) == 0) {
                out.write('\r');
            }
            out.write('\n');
        }
        return out.toByteArray();
    }

    /** The lines of {@code bytes} by the contract, found by the simplest possible scan. */
    public static List<LogLine> expectedLines(String file, byte[] bytes) {
        List<LogLine> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                boolean crlf = i > start && bytes[i - 1] == '\r';
                int end = crlf ? i - 1 : i;
                lines.add(
                        new LogLine(
                                file,
                                start,
                                java.util.Arrays.copyOfRange(bytes, start, end),
                                crlf ? LineTerminator.CRLF : LineTerminator.LF));
                start = i + 1;
            }
        }
        if (start < bytes.length) {
            lines.add(
                    new LogLine(
                            file,
                            start,
                            java.util.Arrays.copyOfRange(bytes, start, bytes.length),
                            LineTerminator.NONE));
        }
        return lines;
    }

    public static Path write(Path file, byte[] bytes) throws IOException {
        Files.write(file, bytes);
        return file;
    }
}
