package dev.logslice.cli;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.filter.EventFilter;
import dev.logslice.format.Field;
import dev.logslice.format.detect.InputFormats;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.job.GrepJob;
import dev.logslice.job.GrepMatch;
import dev.logslice.job.ParseDecoder;
import dev.logslice.job.ReaderOutput;
import dev.logslice.report.LogText;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code logslice parse}: events as JSON lines. */
@Command(
        name = "parse",
        mixinStandardHelpOptions = true,
        description = {
            "Write each event as one JSON object per line, in input order; malformed lines as"
                    + " {\"malformed\": true, \"file\", \"offset\", \"reason\"}.",
            "With --follow, each event as it comes, events of a file in file order, to stdout or"
                    + " --out (exactly once with --checkpoint-dir); a file's last multi-line event"
                    + " once the file is quiet for --event-timeout. With"
                    + " --follow --cluster, to --out only: the TaskManagers write that file, and"
                    + " --checkpoint-dir, at the same paths, which they must reach."
        })
final class ParseCommand implements Callable<Integer>, SizedInput {
    @Spec CommandSpec spec;

    @Mixin ReadOptions read;
    @Mixin FormatOptionsMixin formats;
    @Mixin EventBoundsOptions events;
    @Mixin EventFilterOptions filters;
    @Mixin ExecutionTarget execution;
    @Mixin FollowOptions following;
    @Mixin EventTimeoutOption eventTimeout;

    @Option(names = "--limit", paramLabel = "N", description = "Write the first N events only.")
    Long limit;

    @Option(
            names = "--fields",
            paramLabel = "FIELD",
            split = ",",
            description = "Fields to write (default: all): timestamp, status, path, ...")
    List<String> fields;

    @Option(
            names = "--strict",
            description = "Fail on the first malformed line (file:offset: reason).")
    boolean strict;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Write to this file instead of stdout.")
    Path out;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Files or directories.")
    List<String> paths;

    @Override
    public List<String> inputPaths() {
        return following.follow ? List.of() : paths;
    }

    @Override
    public Integer call() throws Exception {
        if (limit != null && limit < 1) {
            throw new IllegalArgumentException("--limit " + limit + " must be at least 1");
        }
        Outputs.checkFile("--out", out, paths);
        List<EventFilter> eventFilters = filters.filters(formats.zone);
        if (following.follow) {
            return follow(eventFilters);
        }
        following.refuseWithoutFollow();
        eventTimeout.refuseWithoutFollow();
        paths = SpooledInputs.spool(paths, execution, System.in).paths();
        Set<Field> selected = selectedFields();
        EventBounds bounds = events.bounds();
        InputFormats inputFormats = formats.resolve(paths, System.err);
        filters.warnUnfit(inputFormats, paths, formats.zone);
        LogFileSource<GrepMatch> source =
                read.sourceFor(
                                FormatOptionsMixin.sourcePaths(paths, inputFormats),
                                ReaderOutput.JSON)
                        .setLineDecoder(
                                new ParseDecoder(
                                        inputFormats.fileFormats(),
                                        formats.zone,
                                        bounds,
                                        selected,
                                        limit == null ? Long.MAX_VALUE : limit,
                                        strict,
                                        eventFilters))
                        .build();
        GrepJob.Notes notes;
        try (Outputs.Pending output = Outputs.open(out)) {
            WritableByteChannel target =
                    limit == null ? output.channel() : Outputs.firstLines(output.channel(), limit);
            notes =
                    execution.run(
                            read.parallelism,
                            paths,
                            System.err,
                            env -> GrepJob.run(env, source, target));
            output.commit();
        }
        read.noteOversized(notes.oversizedLines(), System.err);
        notes.skippedFiles()
                .forEach(
                        file ->
                                System.err.println(
                                        "logslice: skipped " + LogText.forTerminal(file)));
        return DamagedInputs.tell(spec, notes.damagedFiles(), System.err, 0);
    }

    /**
     * {@code --follow}: a streaming job writing each event's JSON line as it comes; a multi-line
     * event once the next one starts, or once its file is quiet for {@code --event-timeout}.
     */
    private Integer follow(List<EventFilter> eventFilters) throws Exception {
        if (limit != null || strict || paths.contains(SpooledInputs.STANDARD_INPUT)) {
            throw new IllegalArgumentException(
                    "--follow writes the events as they come: --limit, --strict and - (stdin) do"
                            + " not go with it yet");
        }
        InputFormats inputFormats = formats.resolve(paths, System.err);
        filters.warnUnfit(inputFormats, paths, formats.zone);
        ParseDecoder decoder =
                ParseDecoder.following(
                        inputFormats.fileFormats(),
                        formats.zone,
                        events.bounds(),
                        selectedFields(),
                        eventFilters);
        // The paths as given, not the files detected: new files in a folder are followed too.
        LogFileSource<GrepMatch> source =
                eventTimeout
                        .applyTo(following.following(read.sourceFor(paths, ReaderOutput.JSON)))
                        .setLineDecoder(decoder)
                        .build();
        new FollowRun(following, execution, read.parallelism, paths, System.err)
                .writeLines("parse", out, source);
        return 0;
    }

    private Set<Field> selectedFields() {
        if (fields == null) {
            return EnumSet.allOf(Field.class);
        }
        Set<Field> selected = EnumSet.noneOf(Field.class);
        for (String name : fields) {
            Field field = Field.byJsonName(name.strip());
            if (field == null) {
                throw new IllegalArgumentException(
                        "--fields: unknown field '" + name + "'; fields: " + Field.jsonNames());
            }
            selected.add(field);
        }
        return selected;
    }
}
