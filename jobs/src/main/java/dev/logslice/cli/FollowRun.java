package dev.logslice.cli;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.job.CheckpointFolder;
import dev.logslice.job.FollowJob;
import dev.logslice.job.FollowOutputSink;
import dev.logslice.job.FollowStops;
import dev.logslice.job.GrepMatch;
import dev.logslice.report.Terminal;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import sun.misc.Signal;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/**
 * Runs a {@code --follow} job, in this JVM or on the {@code --cluster}, until Ctrl-C or SIGTERM,
 * which stop it cleanly (exit 0): on a cluster the job is cancelled there. With {@code
 * --checkpoint-dir}, resumed from the folder's latest checkpoint and stopped with a savepoint
 * there.
 */
final class FollowRun {
    /** A follow job: runs in {@code env} until {@code stop}, returns the savepoint it took. */
    interface Job {
        Optional<String> run(
                StreamExecutionEnvironment env,
                CompletableFuture<Void> stop,
                @Nullable String savepointDirectory)
                throws Exception;
    }

    private final FollowOptions options;
    private final ExecutionTarget execution;
    private final int parallelism;
    private final List<String> paths;
    private final PrintStream notes;

    /** Completed by Ctrl-C, SIGTERM, or a sink that wrote all it may: the job then stops. */
    private final CompletableFuture<Void> stop = new CompletableFuture<>();

    FollowRun(
            FollowOptions options,
            ExecutionTarget execution,
            int parallelism,
            List<String> paths,
            PrintStream notes) {
        this.options = options;
        this.execution = execution;
        this.parallelism = parallelism;
        this.paths = paths;
        this.notes = notes;
    }

    /**
     * Writes the source's records (JSON or lines) as they come, to {@code --out} or stdout; exactly
     * once across restarts to {@code --out}.
     */
    void writeLines(String command, @Nullable Path out, LogFileSource<GrepMatch> source)
            throws Exception {
        writeLines(command, out, source, sink -> sink, -1);
    }

    /**
     * As {@link #writeLines(String, Path, LogFileSource)}, the sink made over by {@code dress};
     * with a {@code maxCount} of 0 or more, the run ends once that many selected lines (or events)
     * are written, which an embedded run only can tell.
     */
    void writeLines(
            String command,
            @Nullable Path out,
            LogFileSource<GrepMatch> source,
            UnaryOperator<FollowOutputSink> dress,
            long maxCount)
            throws Exception {
        Path outFile = out == null || Outputs.isStdout(out) ? null : canonical(out);
        if (!execution.isEmbedded()) {
            if (outFile == null) {
                // The sink runs in a TaskManager, whose stdout is a log file of the cluster's.
                throw new IllegalArgumentException(
                        "--follow --cluster writes to --out FILE only, a file the TaskManagers"
                                + " write at that path, not to stdout");
            }
            notes.println(
                    "logslice: the TaskManagers write "
                            + outFile
                            + (options.checkpointDir == null
                                    ? ""
                                    : " and the cluster checkpoints into "
                                            + options.checkpointDir.toAbsolutePath())
                            + ": paths they must reach, the same as here");
        }
        long maxLineLength = source.settings().maxLineLength();
        FollowOutputSink dressed =
                dress.apply(
                        outFile == null
                                ? FollowOutputSink.toStdout(
                                        Terminal.stdoutIsTerminal(), maxLineLength)
                                : FollowOutputSink.toFile(outFile, maxLineLength));
        FollowOutputSink sink =
                maxCount < 0
                        ? dressed
                        : dressed.stoppingAfter(maxCount, FollowStops.register(stop));
        run(
                command,
                outFile == null ? "stdout" : outFile.toString(),
                outFile != null
                        ? null
                        : "logslice: exactly-once holds for --out only: on stdout, lines written"
                                + " after the checkpoint resumed from come again",
                (env, stop, savepointDirectory) ->
                        FollowJob.writeLines(
                                env,
                                "logslice " + command + " --follow",
                                source,
                                sink,
                                stop,
                                savepointDirectory));
    }

    /**
     * Runs {@code job} until Ctrl-C or SIGTERM. With {@code --checkpoint-dir}, the folder is that
     * of {@code command} writing to {@code writesTo}; the job is restored from its latest
     * checkpoint and asked for a savepoint there, after {@code checkpointNote}, if any, is told.
     */
    void run(String command, String writesTo, @Nullable String checkpointNote, Job job)
            throws Exception {
        // Ctrl-C and SIGTERM stop the job; the command then ends as usual, with exit status 0.
        for (String signal : List.of("INT", "TERM")) {
            Signal.handle(new Signal(signal), caught -> stop.complete(null));
        }
        Configuration settings =
                execution.isEmbedded() ? new Configuration() : FollowJob.clusterSettings();
        if (options.checkpointDir == null) {
            execution.run(parallelism, settings, paths, notes, env -> job.run(env, stop, null));
            return;
        }
        try (CheckpointFolder folder =
                CheckpointFolder.open(options.checkpointDir, command, writesTo)) {
            Optional<Path> resumed = folder.latestComplete();
            if (checkpointNote != null) {
                notes.println(checkpointNote);
            }
            resumed.ifPresent(from -> notes.println("logslice: resuming from " + from));
            settings.addAll(folder.configuration(resumed));
            Optional<String> savepoint =
                    execution.run(
                            parallelism,
                            settings,
                            paths,
                            notes,
                            env -> job.run(env, stop, folder.savepointDirectory()));
            savepoint.ifPresent(
                    path ->
                            notes.println(
                                    "logslice: stopped with a savepoint, "
                                            + path
                                            + "; the next run resumes from it"));
        }
    }

    /**
     * {@link #run} for {@code scan} and {@code stats}, whose total is a sink's state in this JVM
     * and an operator's on a cluster: their {@code --checkpoint-dir} is marked with which, so that
     * a folder of one kind is refused by the other rather than resumed without its total.
     */
    void runTotal(String command, String writesTo, Job job) throws Exception {
        run(execution.isEmbedded() ? command : command + " --cluster", writesTo, null, job);
    }

    /** The file with its folder's links resolved: two spellings of one --out are one command. */
    static Path canonical(Path file) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        return absolute.getParent().toRealPath().resolve(absolute.getFileName());
    }
}
