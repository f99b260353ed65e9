package dev.logslice.cli;

import dev.logslice.report.Human;

import java.io.PrintStream;
import java.util.function.LongSupplier;

/**
 * A progress line on stderr while a job reads: bytes done of the total, rate and ETA, from the
 * sources' metrics. Shown only on a terminal, and not with {@code --quiet}.
 */
final class ProgressBar implements AutoCloseable {
    private static final long PERIOD_MILLIS = 250;
    private static final int WIDTH = 30;

    private final PrintStream err;
    private final long total;
    private final LongSupplier done;
    private final long start = System.nanoTime();
    private final Thread thread;
    private volatile boolean running = true;

    private ProgressBar(PrintStream err, long total, LongSupplier done) {
        this.err = err;
        this.total = total;
        this.done = done;
        this.thread = new Thread(this::run, "logslice-progress");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * A bar that shows when stderr is a terminal (the launcher tells, as Java cannot) and the user
     * did not ask for quiet; else none.
     */
    static AutoCloseable start(boolean quiet, long totalBytes, LongSupplier bytesDone) {
        if (quiet || !Boolean.getBoolean("logslice.stderr.tty") || totalBytes == 0) {
            return () -> {};
        }
        return new ProgressBar(System.err, totalBytes, bytesDone);
    }

    private void run() {
        while (running) {
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            draw();
        }
    }

    private void draw() {
        long bytes = Math.min(done.getAsLong(), total);
        double seconds = (System.nanoTime() - start) / 1e9;
        double rate = bytes / Math.max(seconds, 1e-3);
        int filled = (int) (WIDTH * bytes / total);
        String eta = bytes == 0 ? "?" : String.format("%.0fs", (total - bytes) / Math.max(rate, 1));
        err.printf(
                "\r[%s%s] %3d%% %s of %s, %s/s, ETA %s   ",
                "#".repeat(filled),
                " ".repeat(WIDTH - filled),
                100 * bytes / total,
                Human.bytes(bytes),
                Human.bytes(total),
                Human.bytes((long) rate),
                eta);
        err.flush();
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join();
        err.print("\r" + " ".repeat(WIDTH + 60) + "\r");
        err.flush();
    }
}
