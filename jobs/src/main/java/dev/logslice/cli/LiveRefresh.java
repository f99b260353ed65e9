package dev.logslice.cli;

import dev.logslice.report.LogText;
import dev.logslice.stats.LiveStats;
import dev.logslice.stats.LogStats;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The thread that renders the running total of a {@code --follow} job that often ({@code stats}'
 * report, {@code scan}'s counts); once more when the job has stopped, from the total its last
 * checkpoint or savepoint holds.
 */
final class LiveRefresh implements AutoCloseable {
    /** Renders a copy of the total; called by one thread at a time. */
    interface Renderer {
        void render(LogStats total, boolean last) throws IOException;
    }

    private final String id = UUID.randomUUID().toString();
    private final LiveStats live;
    private final Renderer renderer;
    private final PrintStream err;
    private final ScheduledExecutorService thread =
            Executors.newSingleThreadScheduledExecutor(
                    task -> {
                        Thread refresh = new Thread(task, "logslice refresh");
                        refresh.setDaemon(true);
                        return refresh;
                    });

    private LiveRefresh(@Nullable Duration window, Renderer renderer, PrintStream err) {
        this.live = LiveStats.open(id, window, System::currentTimeMillis);
        this.renderer = renderer;
        this.err = err;
    }

    /**
     * Renders every {@code interval} from now on, once the job's sink has started, the total of the
     * last {@code window} (null: of the whole run).
     */
    static LiveRefresh every(
            Duration interval, @Nullable Duration window, Renderer renderer, PrintStream err) {
        LiveRefresh refresh = new LiveRefresh(window, renderer, err);
        long millis = interval.toMillis();
        refresh.thread.scheduleWithFixedDelay(
                () -> refresh.render(false), millis, millis, TimeUnit.MILLISECONDS);
        return refresh;
    }

    /** The id the job's {@code FollowStatsSink} is made with. */
    String liveId() {
        return id;
    }

    private void render(boolean last) {
        LogStats total = live.copy();
        if (total == null) {
            return; // not started, or not restored yet: nothing true to show
        }
        try {
            renderer.render(total, last);
        } catch (IOException | RuntimeException e) {
            // The next refresh tries again; the job goes on.
            err.println(
                    "logslice: cannot write the report: " + LogText.forTerminal(e.getMessage()));
        }
    }

    /** Stops the refreshes, then renders the last report. */
    @Override
    public void close() throws InterruptedException {
        thread.shutdown();
        thread.awaitTermination(1, TimeUnit.MINUTES);
        render(true);
        LiveStats.release(id);
    }
}
