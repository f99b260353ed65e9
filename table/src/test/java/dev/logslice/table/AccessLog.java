package dev.logslice.table;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A combined access log the tests write, with what each line holds: events of hostile paths,
 * malformed lines and lines longer than a table's maximum line length.
 */
final class AccessLog {
    private static final DateTimeFormatter CLF_TIME =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT);
    private static final int[] STATUSES = {200, 200, 200, 204, 304, 404, 500, 502, 503};
    private static final String[] METHODS = {"GET", "GET", "POST", "HEAD"};
    private static final String[] PATHS = {
        "/", "/wiki/日本", "/a%20b", "/x?q=<script>alert(1)</script>", "/'; DROP TABLE logs;--",
        "/${jndi:ldap://evil/a}", "/api/v1/items", "/favicon.ico", "/\u00e9t\u00e9", "/a,b;c"
    };

    /** Lines longer than this are over-long in a table with {@link #MAX_LINE_LENGTH}. */
    static final String MAX_LINE_LENGTH = "1k";

    enum Kind {
        EVENT,
        MALFORMED,
        OVERSIZED
    }

    /** One line: its kind, and for an event its fields (null when the line says '-'). */
    record Entry(
            Kind kind,
            String file,
            Integer status,
            String method,
            String path,
            Long bytes,
            Instant time) {}

    final List<Entry> entries = new ArrayList<>();

    /**
     * Writes {@code lines} lines to {@code file}; one in {@code malformedEvery} is malformed and
     * one in {@code oversizedEvery} is over-long (0: none), {@code distinctPaths} path suffixes.
     */
    AccessLog write(
            Path file,
            long seed,
            int lines,
            int malformedEvery,
            int oversizedEvery,
            int distinctPaths)
            throws IOException {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder();
        Instant time = Instant.parse("2026-11-30T23:59:00Z");
        for (int i = 0; i < lines; i++) {
            time = time.plusMillis(random.nextInt(3_000));
            if (malformedEvery > 0 && i % malformedEvery == malformedEvery - 1) {
                text.append("garbage \"").append(i).append(" no request here");
                entries.add(
                        new Entry(Kind.MALFORMED, file.toString(), null, null, null, null, null));
            } else {
                int status = STATUSES[random.nextInt(STATUSES.length)];
                String method = METHODS[random.nextInt(METHODS.length)];
                String path =
                        PATHS[random.nextInt(PATHS.length)]
                                + (distinctPaths > 1 ? "/" + random.nextInt(distinctPaths) : "");
                Long bytes = random.nextInt(8) == 0 ? null : (long) random.nextInt(50_000);
                boolean oversized = oversizedEvery > 0 && i % oversizedEvery == 1;
                text.append(
                        String.format(
                                Locale.ROOT,
                                "10.0.%d.%d - - [%s] \"%s %s HTTP/1.1\" %d %s \"-\" \"%s\"",
                                random.nextInt(256),
                                random.nextInt(256),
                                CLF_TIME.format(
                                        ZonedDateTime.ofInstant(time, ZoneOffset.ofHours(-5))),
                                method,
                                path,
                                status,
                                bytes == null ? "-" : bytes.toString(),
                                oversized ? "Mozilla/5.0 ".repeat(200) : "curl/8.5"));
                entries.add(
                        oversized
                                ? new Entry(
                                        Kind.OVERSIZED,
                                        file.toString(),
                                        null,
                                        null,
                                        null,
                                        null,
                                        null)
                                : new Entry(
                                        Kind.EVENT,
                                        file.toString(),
                                        status,
                                        method,
                                        path,
                                        bytes,
                                        time.truncatedTo(java.time.temporal.ChronoUnit.SECONDS)));
            }
            text.append(i % 7 == 0 ? "\r\n" : "\n");
        }
        Files.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
        return this;
    }
}
