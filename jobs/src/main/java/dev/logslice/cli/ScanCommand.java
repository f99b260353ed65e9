package dev.logslice.cli;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.job.ReaderOutput;
import dev.logslice.job.ScanJob;
import dev.logslice.job.ScanResult;
import dev.logslice.job.SplitReportDecoder;
import dev.logslice.report.Human;
import dev.logslice.report.InputFileNotes;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code logslice scan}: reads every line and tells what the reading cost. */
@Command(
        name = "scan",
        mixinStandardHelpOptions = true,
        description =
                "Read every line of the input and report files, bytes, lines, splits,"
                        + " read calls, time in reads and throughput.")
final class ScanCommand implements Callable<Integer> {
    @Mixin ReadOptions read;
    @Mixin ExecutionTarget execution;

    @Option(
            names = "--report",
            paramLabel = "FILE",
            description = "Also write the report as JSON to this file.")
    Path report;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Files or directories.")
    List<String> paths;

    @Override
    public Integer call() throws Exception {
        Outputs.checkFile("--report", report);
        paths = StandardInput.spoolIfNamed(paths, execution, System.in);
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
