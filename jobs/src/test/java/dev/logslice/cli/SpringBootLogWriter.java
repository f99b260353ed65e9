package dev.logslice.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Appends numbered Spring Boot events to several logs in turn, as a busy service writes them: most
 * with a stack trace ({@code Caused by:}, {@code ... 12 more}), threads named with blanks and
 * brackets, and each event in three appends cut in the middle of a line. Each log's events are
 * known by their message ({@link #messages}), as a batch parse makes them.
 */
final class SpringBootLogWriter {
    private static final String[] THREADS = {
        "[           main]", "[ool-2-thread [3]]", "[nio-8080-exec-1]"
    };

    private final List<Path> logs;
    private final List<List<String>> messages = new ArrayList<>();
    private final AtomicBoolean stop = new AtomicBoolean();
    private CompletableFuture<Void> running;
    private volatile int next;

    SpringBootLogWriter(List<Path> logs) {
        this.logs = List.copyOf(logs);
        logs.forEach(log -> messages.add(new ArrayList<>()));
    }

    /** Event {@code n}: its lines, and the message of its event (its text and trace). */
    static List<String> lines(int n, String log) {
        List<String> lines = new ArrayList<>();
        lines.add(
                String.format(
                        "2026-12-07T09:%02d:%02d.%03dZ %s 4242 --- [shop] %s %-40s : order %d of %s",
                        n / 3600 % 60,
                        n / 60 % 60,
                        n % 1000,
                        n % 4 == 0 ? " INFO" : "ERROR",
                        THREADS[n % THREADS.length],
                        "c.s.Checkout",
                        n,
                        log));
        if (n % 4 != 0) {
            lines.add("java.lang.IllegalStateException: order [" + n + "] failed");
            for (int i = 0; i < n % 7; i++) {
                lines.add("\tat com.shop.Step" + i + ".run(Step.java:" + (i + 10) + ")");
            }
            lines.add("Caused by: java.io.IOException: connection reset");
            lines.add("\t... 12 more");
        }
        return lines;
    }

    /** The message parse makes of event {@code n}: the header's message, then the trace. */
    static String message(int n, String log) {
        List<String> lines = lines(n, log);
        String header = lines.get(0);
        List<String> message = new ArrayList<>();
        message.add(header.substring(header.indexOf(" : ") + 3));
        message.addAll(lines.subList(1, lines.size()));
        return String.join("\n", message);
    }

    /** Writes the next event to each log now. */
    void writeNext() {
        int n = next;
        for (int i = 0; i < logs.size(); i++) {
            Path log = logs.get(i);
            String name = log.getFileName().toString();
            byte[] event =
                    (String.join("\n", lines(n, name)) + "\n").getBytes(StandardCharsets.UTF_8);
            // Cut at a third and two thirds: in a line, most often.
            append(log, event, 0, event.length / 3);
            LockSupport.parkNanos(200_000);
            append(log, event, event.length / 3, 2 * event.length / 3);
            append(log, event, 2 * event.length / 3, event.length);
            synchronized (messages) {
                messages.get(i).add(message(n, name));
            }
        }
        next = n + 1;
    }

    private static void append(Path log, byte[] bytes, int from, int to) {
        try (OutputStream stream =
                Files.newOutputStream(log, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            stream.write(bytes, from, to - from);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void start() {
        stop.set(false);
        running =
                CompletableFuture.runAsync(
                        () -> {
                            while (!stop.get()) {
                                writeNext();
                                LockSupport.parkNanos(5_000_000);
                            }
                        });
    }

    void stopWriting() throws Exception {
        stop.set(true);
        running.get(1, TimeUnit.MINUTES);
    }

    /** The messages of the events written to the log at {@code index}, in order. */
    List<String> messages(int index) {
        synchronized (messages) {
            return List.copyOf(messages.get(index));
        }
    }

    /** Events written, over all logs. */
    int written() {
        return next * logs.size();
    }
}
