package dev.logslice.cli;

import dev.logslice.cli.FollowRuns.AccessLogWriter;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A test of {@code --follow} runs of the launcher ({@link FollowRuns}): their folder, and stop. */
abstract class FollowRunsTest {
    /** Kept when the test fails: the runs' stderr, the logs and the checkpoints tell why. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    FollowRuns runs;

    @AfterEach
    void stopTheLastRun() {
        if (runs != null) {
            runs.close();
        }
    }

    /** {@code logs/access.log} with one line, there before a run starts. */
    Path accessLogWithOneLine() throws IOException {
        Path logs = Files.createDirectory(dir.resolve("logs"));
        return Files.writeString(logs.resolve("access.log"), AccessLogWriter.line(-1) + "\n");
    }
}
