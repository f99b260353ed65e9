package dev.logslice.cli;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.job.ReaderOutput;
import dev.logslice.job.ScanJob;
import dev.logslice.job.ScanResult;
import dev.logslice.job.SplitReportDecoder;
import dev.logslice.report.Human;
import dev.logslice.report.InputFileNotes;
import dev.logslice.stats.FollowStatsJob;
import dev.logslice.stats.FollowingPartials;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code logslice scan}: reads every line and tells what the reading cost. */
@Command(
        name = "scan",
        mixinStandardHelpOptions = true,
        description = {
            "Read every line of the input and report files, bytes, lines, splits,"
                    + " read calls, time in reads and throughput.",
            "With --follow, the lines and bytes read since the start (across runs with"
                    + " --checkpoint-dir), one line on stdout every --refresh when they grew,"
                    + " and once more when stopped."
        })
final class ScanCommand implements Callable<Integer>, SizedInput {
    @Spec CommandSpec spec;

    @Mixin ReadOptions read;
    @Mixin ExecutionTarget execution;
    @Mixin FollowOptions following;
    @Mixin RefreshOption refresh;

    @Option(
            names = "--report",
            paramLabel = "FILE",
            description = "Also write the report as JSON to this file.")
    Path report;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Files or directories.")
    List<String> paths;

    @Override
    public List<String> inputPaths() {
        return following.follow ? List.of() : paths;
    }

    @Override
    public Integer call() throws Exception {
        Outputs.checkFile("--report", report, paths);
        if (following.follow) {
            return follow();
        }
        following.refuseWithoutFollow();
        if (refresh.given()) {
            throw new IllegalArgumentException("--refresh goes with --follow only");
        }
        paths = SpooledInputs.spool(paths, execution, System.in).paths();
        LogFileSource<SplitReport> source =
                read.sourceFor(paths, ReaderOutput.LINES)
                        .setLineDecoder(new SplitReportDecoder())
                        .build();
        ScanResult result =
                execution.run(read.parallelism, paths, System.err, env -> ScanJob.run(env, source));
        // A report on stdout is all that goes there.
        print(result, Outputs.isStdout(report) ? System.err : System.out);
        if (report != null) {
            Outputs.write(report, file -> ScanReportJson.write(result, read.parallelism, file));
        }
        return DamagedInputs.tell(spec, InputFileNotes.damaged(result.splits()), System.err, 0);
    }

    /** {@code --follow}: the running counts as {@link ScanFollowLines} prints them. */
    private Integer follow() throws Exception {
        if (report != null || paths.contains(SpooledInputs.STANDARD_INPUT)) {
            throw new IllegalArgumentException(
                    "--follow counts as it goes: --report and - (stdin) do not go with it yet");
        }
        Duration interval = refresh.interval();
        LogFileSource<byte[]> source =
                following
                        .following(read.sourceFor(paths, ReaderOutput.LINES))
                        .setLineDecoder(FollowingPartials.lines(interval))
                        .build();
        try (LiveRefresh live =
                LiveRefresh.every(
                        interval, null, new ScanFollowLines(System.out, System.err), System.err)) {
            new FollowRun(following, execution, read.parallelism, paths, System.err)
                    .runTotal(
                            "scan",
                            "stdout",
                            (env, stop, savepointDirectory) ->
                                    FollowStatsJob.run(
                                            execution.isEmbedded(),
                                            env,
                                            "logslice scan --follow",
                                            source,
                                            live.liveId(),
                                            stop,
                                            savepointDirectory));
        }
        return 0;
    }

    private static void print(ScanResult result, PrintStream out) {
        double seconds = result.elapsedNanos() / 1e9;
        out.printf("files       %,d%n", result.files());
        out.printf("bytes       %,d (%s)%n", result.bytes(), Human.bytes(result.bytes()));
        if (result.compressedFiles() > 0) {
            out.printf(
                    "compressed  %,d files: %s read, %s decompressed%n",
                    result.compressedFiles(),
                    Human.bytes(result.compressedBytesRead()),
                    Human.bytes(result.decompressedBytes()));
        }
        out.printf("lines       %,d%n", result.lines());
        if (result.oversizedLines() > 0) {
            out.printf("oversized   %,d lines skipped%n", result.oversizedLines());
        }
        out.printf("splits      %,d%n", result.splits().size());
        out.printf("read calls  %,d%n", result.readCalls());
        out.printf("read time   %.3f s in read calls (all readers)%n", result.readNanos() / 1e9);
        double reading = Math.max(result.readingMillis(), 1) / 1e3;
        out.printf(
                "throughput  %s/s, %,.0f lines/s while reading (%.2f s of %.2f s wall)%n",
                Human.bytes((long) (result.lineBytes() / reading)),
                result.lines() / reading,
                reading,
                seconds);
        InputFileNotes.print(out, result.splits());
    }
}
