package dev.logslice.cli;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.LogFileSource;
import dev.logslice.filter.EventFilter;
import dev.logslice.format.Field;
import dev.logslice.format.detect.InputFormats;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.job.ReaderOutput;
import dev.logslice.job.SourceProgress;
import dev.logslice.report.FormatSection;
import dev.logslice.report.Human;
import dev.logslice.report.InputFileNotes;
import dev.logslice.report.ReportOrigin;
import dev.logslice.report.StatsCsv;
import dev.logslice.report.StatsHtml;
import dev.logslice.report.StatsJson;
import dev.logslice.report.StatsReport;
import dev.logslice.report.StatsSummary;
import dev.logslice.report.Terminal;
import dev.logslice.stats.FollowStatsJob;
import dev.logslice.stats.FollowingPartials;
import dev.logslice.stats.LogStats;
import dev.logslice.stats.StaticFiles;
import dev.logslice.stats.StatsDecoder;
import dev.logslice.stats.StatsJob;
import dev.logslice.stats.Timeline;

import org.apache.flink.util.TimeUtils;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import javax.annotation.Nullable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;

/** {@code logslice stats}: what is in these logs. */
@Command(
        name = "stats",
        mixinStandardHelpOptions = true,
        description = {
            "Count and rank what the logs say: status mix, top paths and clients, levels,"
                    + " error messages, a timeline; as a summary, JSON, CSV or HTML.",
            "With --follow, the report of all read since the start (or in the last --window),"
                    + " made again every --refresh:"
                    + " the summary redrawn on a terminal (printed once, when stopped, when not),"
                    + " a line appended to --json-lines, --json and --html rewritten whole,"
                    + " the page of --serve updated."
        })
final class StatsCommand implements Callable<Integer>, SizedInput {
    /** How far the cluster's clock may run behind ours when we look for the job it started. */
    private static final long CLOCK_SKEW_MILLIS = 60_000;

    @Spec CommandSpec spec;

    @Mixin ReadOptions read;
    @Mixin FormatOptionsMixin formats;
    @Mixin EventBoundsOptions events;
    @Mixin EventFilterOptions filters;
    @Mixin ExecutionTarget execution;
    @Mixin FollowOptions following;
    @Mixin EventTimeoutOption eventTimeout;
    @Mixin RefreshOption refresh;

    @Option(names = "--top", paramLabel = "N", description = "Rows per top-N panel (default: 10).")
    int top = 10;

    @Option(
            names = "--bucket",
            paramLabel = "DURATION",
            description = "Timeline bucket: 1m, 5m, 1h, 1d... or auto (default: auto).")
    String bucket = "auto";

    /** Whether the warning that --bucket was widened has been given: once, not per refresh. */
    private boolean bucketWidened;

    @Option(
            names = "--top-field",
            split = ",",
            paramLabel = "NAME",
            description =
                    "Also rank the values of these fields, each as a top-N panel: an event field"
                            + " (status, level, logger...), extra.KEY, or any other name as a key"
                            + " of extra (a JSON key such as query). Repeatable or comma"
                            + " separated (default: none).")
    List<String> topFields = List.of();

    @Option(
            names = "--static-extensions",
            split = ",",
            paramLabel = "EXT",
            description =
                    "File extensions of static requests (listed apart from the pages), comma"
                            + " separated (default: css, js, images, fonts, media, txt, xml,"
                            + " json, pdf, csv, zip, gz).")
    List<String> staticExtensions = StaticFiles.DEFAULT_EXTENSIONS;

    @Option(
            names = "--row-totals",
            description =
                    "Give each row of the top-N panels its visitors, response bytes and time"
                            + " served (about twice the CPU time of stats on an access log).")
    boolean rowTotals;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the full report as JSON.")
    Path json;

    @Option(names = "--csv", paramLabel = "DIR", description = "Write one CSV file per panel.")
    Path csv;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description = "Write a self-contained HTML report.")
    Path html;

    @Option(
            names = "--json-lines",
            paramLabel = "FILE",
            description =
                    "With --follow: append the full report to FILE as one line of JSON (as"
                            + " --json's) at each refresh; - for stdout.")
    Path jsonLines;

    @Option(
            names = "--serve",
            paramLabel = "[HOST:]PORT",
            converter = ServeAddress.Converter.class,
            description =
                    "With --follow: serve the report on http://HOST:PORT/ (HOST 127.0.0.1 when"
                            + " omitted, port 0 for any free one; the address is printed), a page"
                            + " that updates itself at each refresh; its JSON at /report.json.")
    ServeAddress serve;

    @Option(
            names = "--window",
            paramLabel = "DURATION",
            description =
                    "With --follow: report what arrived in the last DURATION only (30s, 15m, 1h,"
                            + " 1d...; counted in slots of a 60th of it, at least 1s), by arrival"
                            + " time, not the events' own (default: everything since the start).")
    String window;

    @Option(names = "--quiet", description = "No progress or notes on stderr.")
    boolean quiet;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Files or directories.")
    List<String> paths;

    @Override
    public List<String> inputPaths() {
        return following.follow ? List.of() : paths;
    }

    @Override
    public Integer call() throws Exception {
        if (top < 1) {
            throw new IllegalArgumentException("--top " + top + " must be at least 1");
        }
        Long bucketSeconds = bucketSeconds();
        Duration windowLength = window();
        List<String> fields = topFields.stream().map(String::strip).distinct().toList();
        if (fields.contains("")) {
            throw new IllegalArgumentException("--top-field needs a field name, not an empty one");
        }
        StaticFiles staticFiles = StaticFiles.of(staticExtensions);
        List<EventFilter> eventFilters = filters.filters(formats.zone);
        Outputs.checkFile("--json", json, paths);
        Outputs.checkFolder("--csv", csv, paths);
        Outputs.checkFile("--html", html, paths);
        PrintStream notes = quiet ? new PrintStream(PrintStream.nullOutputStream()) : System.err;
        if (following.follow) {
            return follow(fields, eventFilters, bucketSeconds, windowLength, staticFiles, notes);
        }
        following.refuseWithoutFollow();
        eventTimeout.refuseWithoutFollow();
        if (refresh.given() || jsonLines != null || window != null) {
            throw new IllegalArgumentException(
                    "--refresh, --json-lines and --window go with --follow only");
        }
        if (serve != null) {
            throw new IllegalArgumentException(
                    "--serve goes with --follow only: a report that does not change is a file,"
                            + " --html FILE");
        }
        SpooledInputs.Spooled spooled = SpooledInputs.spool(paths, execution, System.in);
        paths = spooled.paths();
        EventBounds bounds = events.bounds();
        InputFormats inputFormats = formats.resolve(paths, notes);
        filters.warnUnfit(inputFormats, paths, formats.zone);
        List<String> sourcePaths = FormatOptionsMixin.sourcePaths(paths, inputFormats);
        LogFileSource<byte[]> source =
                read.sourceFor(sourcePaths, ReaderOutput.STATS)
                        .setLineDecoder(
                                new StatsDecoder(
                                        inputFormats.fileFormats(),
                                        formats.zone,
                                        bounds,
                                        fields,
                                        rowTotals,
                                        eventFilters))
                        .build();
        long start = System.nanoTime();
        LogStats stats;
        try (AutoCloseable progress = progress(sourcePaths)) {
            stats = execution.run(read.parallelism, paths, notes, env -> StatsJob.run(env, source));
        }
        stats.setStaticFiles(staticFiles);
        // Told by the names the source read, which the line maps to the names given.
        List<InputFileNotes.DamagedFile> damaged = InputFileNotes.damaged(stats.splits());
        stats.renameFiles(spooled.namesGiven());
        Map<String, String> copies = new HashMap<>();
        spooled.namesGiven().forEach((copy, given) -> copies.put(given, copy));

        StatsReport report =
                report(
                        stats,
                        file -> inputFormats.formatOf(copies.getOrDefault(file, file)),
                        inputFormats,
                        fields,
                        bucketSeconds,
                        System.nanoTime() - start);
        List<String> missing = fields.stream().filter(field -> !stats.hasTopField(field)).toList();
        if (!missing.isEmpty()) {
            // A warning, not a note: --quiet keeps it, since the panel it names is empty.
            System.err.println(
                    "logslice: warning: no event has "
                            + String.join(", ", missing)
                            + " (--top-field); "
                            + (missing.size() == 1 ? "its panel is" : "their panels are")
                            + " empty (field names: "
                            + Field.jsonNames()
                            + ", extra.KEY)");
        }
        // A report on stdout is all that goes there.
        boolean reportOnStdout = Outputs.isStdout(json) || Outputs.isStdout(html);
        StatsSummary.print(
                report,
                reportOnStdout ? System.err : System.out,
                Terminal.forStandardStream(reportOnStdout));
        writeReportFiles(report);
        noteReportFiles(notes);
        return DamagedInputs.tell(spec, damaged, System.err, 0);
    }

    private StatsReport report(
            LogStats stats,
            Function<String, String> formatOf,
            InputFormats inputFormats,
            List<String> fields,
            Long bucketSeconds,
            long elapsedNanos) {
        long bucketSize =
                bucketSeconds != null
                        ? stats.timeline().bucketSecondsAtMost(bucketSeconds)
                        : stats.timeline().autoBucketSeconds();
        if (bucketSeconds != null && bucketSize != bucketSeconds && !bucketWidened) {
            bucketWidened = true;
            long[] range = stats.timeRange();
            // A warning, not a note: --quiet keeps it, since the timeline is not what was asked.
            System.err.printf(
                    "logslice: warning: --bucket %s from %s to %s would make more than %,d"
                            + " buckets; the timeline is per %s%n",
                    bucket,
                    StatsReport.iso(range[0]),
                    StatsReport.iso(range[1]),
                    Timeline.MAX_BUCKETS,
                    Human.duration(bucketSize));
        }
        return new StatsReport(
                stats,
                inputFormats.names(),
                top,
                bucketSize,
                read.parallelism,
                elapsedNanos,
                FormatSection.of(stats, formatOf),
                inputFormats.skipped().stream()
                        .map(
                                skipped ->
                                        new InputFileNotes.SkippedFile(
                                                LocalPaths.plain(skipped.file()),
                                                skipped.reason(),
                                                skipped.bytes()))
                        .toList(),
                fields,
                new ReportOrigin(
                        new Logslice.Version().getVersion()[0],
                        spec.commandLine().getParseResult().originalArgs(),
                        Instant.now()));
    }

    /**
     * {@code --follow}: the report of everything read since the first run (across runs with {@code
     * --checkpoint-dir}), or of what arrived in the last {@code --window}, made again every {@code
     * --refresh}: the summary redrawn on a terminal, one JSON line appended to {@code
     * --json-lines}, {@code --json} and {@code --html} rewritten (whole, by rename), the page of
     * {@code --serve} updated; once more when stopped, the summary then printed when stdout is no
     * terminal.
     */
    private Integer follow(
            List<String> fields,
            List<EventFilter> eventFilters,
            Long bucketSeconds,
            @Nullable Duration windowLength,
            StaticFiles staticFiles,
            PrintStream notes)
            throws Exception {
        if (paths.contains(SpooledInputs.STANDARD_INPUT)) {
            throw new IllegalArgumentException(
                    "--follow makes its report as it goes: - (stdin) does not go with it yet");
        }
        if (Outputs.isStdout(json) || Outputs.isStdout(html)) {
            throw new IllegalArgumentException(
                    "--follow rewrites --json and --html at each refresh: name files, not -"
                            + " (--json-lines - writes the reports to stdout)");
        }
        Outputs.checkFile("--json-lines", jsonLines, paths);
        // Listening first: a port in use fails the command before the job starts.
        try (ReportServer server = serve == null ? null : ReportServer.start(serve)) {
            if (server != null) {
                // Not a note: --quiet keeps it, since the port may be one chosen for us.
                System.err.println("logslice: serving " + server.url());
            }
            return follow(
                    fields, eventFilters, bucketSeconds, windowLength, staticFiles, notes, server);
        }
    }

    /** Runs the job, its reports rendered every refresh; {@code server}, if any, serves them. */
    private Integer follow(
            List<String> fields,
            List<EventFilter> eventFilters,
            Long bucketSeconds,
            @Nullable Duration windowLength,
            StaticFiles staticFiles,
            PrintStream notes,
            @Nullable ReportServer server)
            throws Exception {
        InputFormats inputFormats = formats.resolve(paths, notes);
        filters.warnUnfit(inputFormats, paths, formats.zone);
        FollowingPartials decoder =
                FollowingPartials.stats(
                        new StatsDecoder(
                                inputFormats.fileFormats(),
                                formats.zone,
                                events.bounds(),
                                fields,
                                rowTotals,
                                eventFilters),
                        refresh.interval());
        LogFileSource<byte[]> source =
                eventTimeout
                        .applyTo(following.following(read.sourceFor(paths, ReaderOutput.STATS)))
                        .setLineDecoder(decoder)
                        .build();
        boolean linesOnStdout = Outputs.isStdout(jsonLines);
        Terminal terminal = Terminal.forStandardStream(false);
        boolean redraw = !linesOnStdout && Terminal.stdoutIsTerminal();
        long start = System.nanoTime();
        LiveRefresh.Renderer renderer =
                (total, last) -> {
                    total.setStaticFiles(staticFiles);
                    StatsReport report =
                            report(
                                    total,
                                    inputFormats::formatOf,
                                    inputFormats,
                                    fields,
                                    bucketSeconds,
                                    System.nanoTime() - start);
                    if (redraw) {
                        // Home and clear: the summary redrawn in place.
                        System.out.print("\033[H\033[2J");
                        StatsSummary.print(report, System.out, terminal);
                        System.out.flush();
                    } else if (last && !linesOnStdout) {
                        StatsSummary.print(report, System.out, terminal);
                    }
                    if (jsonLines != null) {
                        if (linesOnStdout) {
                            StatsJson.writeLine(report, System.out);
                        } else {
                            try (OutputStream out =
                                    Files.newOutputStream(
                                            jsonLines,
                                            StandardOpenOption.CREATE,
                                            StandardOpenOption.APPEND)) {
                                StatsJson.writeLine(report, out);
                            }
                        }
                    }
                    writeReportFiles(report);
                    if (server != null) {
                        ByteArrayOutputStream reportJson = new ByteArrayOutputStream();
                        StatsJson.writeLine(report, reportJson);
                        server.publish(StatsHtml.renderLive(report), reportJson.toByteArray());
                    }
                };
        try (LiveRefresh live =
                LiveRefresh.every(refresh.interval(), windowLength, renderer, System.err)) {
            new FollowRun(following, execution, read.parallelism, paths, notes)
                    .runTotal(
                            "stats",
                            followOutputs(),
                            (env, stop, savepointDirectory) ->
                                    FollowStatsJob.run(
                                            execution.isEmbedded(),
                                            env,
                                            "logslice stats --follow",
                                            source,
                                            live.liveId(),
                                            stop,
                                            savepointDirectory));
        }
        if (jsonLines != null) {
            noteWritten(notes, jsonLines);
        }
        noteReportFiles(notes);
        return 0;
    }

    /** What a {@code --checkpoint-dir} of stats is marked with: the files it writes. */
    private String followOutputs() throws IOException {
        List<String> outputs = new ArrayList<>();
        for (Path file : Arrays.asList(jsonLines, json, html, csv)) {
            if (file != null) {
                outputs.add(
                        Outputs.isStdout(file) ? "stdout" : FollowRun.canonical(file).toString());
            }
        }
        return outputs.isEmpty() ? "the terminal" : String.join(", ", outputs);
    }

    /** {@code --json}, {@code --csv} and {@code --html}, each replaced whole. */
    private void writeReportFiles(StatsReport report) throws IOException {
        if (json != null) {
            Outputs.write(json, file -> StatsJson.write(report, file));
        }
        if (csv != null) {
            Outputs.writeFolder(csv, folder -> StatsCsv.write(report, folder));
        }
        if (html != null) {
            Outputs.write(html, file -> StatsHtml.write(report, file));
        }
    }

    private void noteReportFiles(PrintStream notes) {
        if (json != null) {
            noteWritten(notes, json);
        }
        if (csv != null) {
            notes.println("wrote " + csv + "/");
        }
        if (html != null) {
            noteWritten(notes, html);
        }
    }

    private static void noteWritten(PrintStream notes, Path file) {
        if (!Outputs.isStdout(file)) {
            notes.println("wrote " + file);
        }
    }

    private AutoCloseable progress(List<String> sourcePaths) {
        long total = InputFiles.totalBytes(sourcePaths);
        return execution.isEmbedded()
                ? ProgressBar.start(quiet, total, SourceProgress::bytesRead)
                : ProgressBar.start(
                        quiet,
                        total,
                        new RestProgress(
                                execution.cluster,
                                StatsJob.JOB_NAME,
                                System.currentTimeMillis() - CLOCK_SKEW_MILLIS));
    }

    /** {@code --window}, or null for the whole run. */
    @Nullable
    private Duration window() {
        if (window == null) {
            return null;
        }
        Duration duration;
        try {
            duration = TimeUtils.parseDuration(window);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "--window '" + window + "' is not a duration (examples: 30s, 15m, 1h, 1d)");
        }
        if (duration.toMillis() < 1000) {
            throw new IllegalArgumentException("--window '" + window + "' must be at least 1s");
        }
        return duration;
    }

    /** The bucket in seconds, or null for auto. */
    private Long bucketSeconds() {
        if (bucket.equals("auto")) {
            return null;
        }
        Duration duration;
        try {
            duration = TimeUtils.parseDuration(bucket);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "--bucket '" + bucket + "' is not a duration (examples: 1m, 5m, 1h, 1d, auto)");
        }
        if (duration.getSeconds() < 60 || duration.getSeconds() % 60 != 0) {
            throw new IllegalArgumentException(
                    "--bucket '" + bucket + "' must be whole minutes (the timeline's resolution)");
        }
        return duration.getSeconds();
    }
}
