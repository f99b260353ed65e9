package dev.logslice.cli;

import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LogFileSource;
import dev.logslice.filter.EventFilter;
import dev.logslice.format.detect.InputFormats;
import dev.logslice.job.EventGrepDecoder;
import dev.logslice.job.FollowOutputSink;
import dev.logslice.job.GrepColors;
import dev.logslice.job.GrepDecoder;
import dev.logslice.job.GrepJob;
import dev.logslice.job.GrepMatch;
import dev.logslice.job.GrepOptions;
import dev.logslice.job.LinePattern;
import dev.logslice.job.ReaderOutput;
import dev.logslice.job.TerminalSafeChannel;
import dev.logslice.report.LogText;
import dev.logslice.report.Terminal;

import picocli.CommandLine.Command;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Stack;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * {@code logslice grep}: the lines that match a Java regex, in input order; with a field filter or
 * a named format, the matching events, parsed.
 */
@Command(
        name = "grep",
        mixinStandardHelpOptions = true,
        description = {
            "Write the lines in which a Java regex finds a match, each exactly as in its file;"
                    + " files in argument order, lines in file order.",
            "With a field filter (--status, --level, --since, --until, --path-prefix) or a named"
                    + " --format, lines are parsed into events: an event is written, all its"
                    + " lines, when it passes every filter and the regex matches one of its lines."
                    + " Lines that are no event of the format are left out and counted.",
            "With --follow, the selected lines go to stdout or --out as they come, after their"
                    + " file's name as without --follow; with field filters or --format, each"
                    + " selected event once it ends (the next one starts, or its file is quiet for"
                    + " --event-timeout). With"
                    + " --follow --cluster, to --out only: the TaskManagers write that file, and"
                    + " --checkpoint-dir, at the same paths, which they must reach."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:a line matched",
            "1:no line matched",
            "2:an error: usage, input, or the job failed"
        })
final class GrepCommand implements Callable<Integer>, SizedInput {
    @Spec CommandSpec spec;

    /**
     * The status when no line matched, as Unix grep's (0: some did; 2: an error, a failed job too).
     */
    static final int NOTHING_MATCHED = 1;

    /** {@code \1} outside a character class, roughly: enough to refuse joining such patterns. */
    /**
     * The most lines of context: each reader holds the last -B lines, and the client those it may
     * still write, in memory.
     */
    private static final int MAX_CONTEXT = 100_000;

    /** What {@link #call} took from -e, -f or REGEX. */
    private List<String> patterns;

    @Mixin ReadOptions read;
    @Mixin FormatOptionsMixin formats;
    @Mixin EventFilterOptions filters;
    @Mixin ExecutionTarget execution;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Write to this file instead of stdout.")
    Path out;

    @Option(names = "--quiet", description = "No notes on stderr.")
    boolean quiet;

    @Option(
            names = {"-F", "--fixed-strings"},
            description = "REGEX is a fixed string, not a regex.")
    boolean fixedStrings;

    @Option(
            names = {"-E", "--extended-regexp"},
            description =
                    "Taken for GNU grep's scripts: REGEX is a Java regex, which reads POSIX"
                            + " extended syntax (|, +, ?, {n,m}, groups, [[:digit:]]) alike.")
    boolean extendedRegexp;

    @Option(
            names = {"-P", "--perl-regexp"},
            description =
                    "Taken for GNU grep's scripts: REGEX is a Java regex, which reads Perl's syntax"
                            + " alike (\\d, lookaround, lazy quantifiers; the first alternative"
                            + " that matches, as Perl's).")
    boolean perlRegexp;

    @Option(
            names = {"-G", "--basic-regexp"},
            hidden = true,
            description = "GNU grep's basic syntax, refused: REGEX is a Java regex.")
    boolean basicRegexp;

    @Option(
            names = {"-r", "-R", "--recursive", "--dereference-recursive"},
            description =
                    "Taken for GNU grep's scripts: a directory is always read with its"
                            + " subdirectories (names starting with . or _ left out inside it).")
    boolean recursive;

    @Option(
            names = {"-a", "--text"},
            description =
                    "Taken for GNU grep's scripts: a selected line is always written, whatever"
                            + " bytes it holds (on a terminal, its controls made visible).")
    boolean text;

    @Option(
            names = "--line-buffered",
            description =
                    "Taken for GNU grep's scripts: with --follow each line is written as it"
                            + " comes.")
    boolean lineBuffered;

    @Option(
            names = {"-i", "--ignore-case"},
            description = "Ignore case, Unicode case included (as GNU grep in a UTF-8 locale).")
    boolean ignoreCase;

    @Option(
            names = {"-w", "--word-regexp"},
            description =
                    "Select only lines where a match is a whole word: neither preceded nor"
                            + " followed by a letter, digit or underscore (as GNU grep).")
    boolean wordRegexp;

    @Option(
            names = {"-x", "--line-regexp"},
            description = "Select only lines that a match takes whole (as GNU grep); over -w.")
    boolean lineRegexp;

    @Option(
            names = {"-v", "--invert-match"},
            description = "Select the lines that do not match.")
    boolean invert;

    @Option(
            names = {"-c", "--count"},
            description =
                    "Write a count of the selected lines per file instead of the lines"
                            + " ('name:count' with several files); of events with field filters"
                            + " or --format.")
    boolean count;

    @Option(
            names = {"-l", "--files-with-matches"},
            description = "Write the names of the files with a selected line instead of the lines.")
    boolean filesWithMatches;

    @Option(
            names = {"-L", "--files-without-match"},
            description =
                    "Write the names of the files without a selected line instead of the lines.")
    boolean filesWithoutMatch;

    @Option(
            names = {"-n", "--line-number"},
            description =
                    "Write each line after its number in its file. Counted by the readers as they"
                            + " go, so it costs no second read.")
    boolean lineNumbers;

    @Option(
            names = {"-m", "--max-count"},
            paramLabel = "NUM",
            description =
                    "At most NUM selected lines per file (events with field filters or --format)."
                            + " With --follow, NUM in all: the run ends once they are written"
                            + " (exit 0), as tail -f | grep -m NUM.")
    Long maxCount;

    @Option(
            names = {"-q", "--silent"},
            description =
                    "Write nothing, not even to --out (left as it is): the exit status alone says"
                            + " whether a line was selected (0) or not (1), as GNU grep's -q."
                            + " (--quiet is logslice's: no notes on stderr.)")
    boolean silent;

    /** GNU grep's {@code --color=WHEN}, with the other names it takes for each. */
    enum ColorWhen {
        never("no", "none"),
        always("yes", "force"),
        auto("tty", "if-tty");

        private final List<String> names;

        ColorWhen(String... otherNames) {
            this.names = List.of(otherNames);
        }

        @Nullable
        static ColorWhen named(String name) {
            for (ColorWhen when : values()) {
                if (when.name().equals(name) || when.names.contains(name)) {
                    return when;
                }
            }
            return null;
        }
    }

    /**
     * {@code --color} takes the next argument only when it is a WHEN, so that {@code grep --color
     * ERROR app.log} greps for ERROR, as GNU grep's optional argument does; a wrong {@code
     * --color=WHEN} is refused in {@link #checkColorWhen}.
     */
    static final class ColorWhenConsumer implements IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, ArgSpec option, CommandSpec command) {
            ColorWhen when = args.isEmpty() ? null : ColorWhen.named(args.peek());
            if (when != null) {
                args.pop();
            }
            option.setValue(when == null ? ColorWhen.auto : when);
        }
    }

    @Option(
            names = {"--color", "--colour"},
            arity = "0..1",
            paramLabel = "WHEN",
            parameterConsumer = ColorWhenConsumer.class,
            description =
                    "Colour the matches, file names, line numbers and separators as GNU grep"
                            + " does (its default GREP_COLORS): WHEN is never (the default),"
                            + " always, or auto: on a terminal, unless NO_COLOR is set or TERM is"
                            + " dumb. --color alone is auto.")
    ColorWhen color = ColorWhen.never;

    @Option(
            names = {"-o", "--only-matching"},
            description =
                    "Write the parts of a selected line that match, each on a line of its own"
                            + " (after the file's name and line number, as asked); nothing with"
                            + " -v; with --follow too. Java's regex takes the first alternative that"
                            + " matches (a|ab finds a), where GNU grep takes the longest.")
    boolean onlyMatching;

    @Option(
            names = {"-A", "--after-context"},
            paramLabel = "NUM",
            description =
                    "Also write the NUM lines after each selected line, as GNU grep: a context"
                            + " line's number and file name end in '-', and '--' goes between"
                            + " groups that are not next to each other.")
    Integer afterContext;

    @Option(
            names = {"-B", "--before-context"},
            paramLabel = "NUM",
            description = "Also write the NUM lines before each selected line; see -A.")
    Integer beforeContext;

    @Option(
            names = {"-C", "--context"},
            paramLabel = "NUM",
            description = "-A NUM and -B NUM, unless given apart.")
    Integer context;

    @Option(
            names = {"-H", "--with-filename"},
            description =
                    "Write each line after its file's name; the default with several files, a"
                            + " directory or a glob, with --follow too.")
    boolean withFileName;

    @Option(
            names = "--no-filename",
            description = "Never write file names (GNU grep's -h; -h is --help here).")
    boolean noFileName;

    @Mixin FollowOptions following;
    @Mixin EventTimeoutOption eventTimeout;

    @Option(
            names = {"-e", "--regexp"},
            paramLabel = "REGEX",
            description =
                    "A pattern; given once or more (or with -f), all of the arguments are PATHs and"
                            + " a line is selected when any pattern matches (as GNU grep). A"
                            + " pattern with line feeds is one pattern per line.")
    List<String> regexps;

    @Option(
            names = {"-f", "--file"},
            paramLabel = "FILE",
            description =
                    "Take patterns from FILE, one per line (a CRLF's CR is no part of one); an"
                            + " empty file adds none (and, alone, matches nothing).")
    List<Path> patternFiles;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "REGEX",
            description =
                    "A java.util.regex pattern; '' matches every line. Without -e or -f only.")
    String regex;

    @Parameters(
            index = "1..*",
            arity = "0..*",
            paramLabel = "PATH",
            description = "Files or directories; - is standard input.")
    List<String> paths = new ArrayList<>();

    @Override
    public List<String> inputPaths() {
        if (following.follow) {
            return List.of();
        }
        if (regexps == null && patternFiles == null) {
            return paths;
        }
        List<String> all = new ArrayList<>(paths);
        if (regex != null) {
            all.add(0, regex); // with -e or -f, the first argument is a path
        }
        return all;
    }

    @Override
    public Integer call() throws Exception {
        checkColorWhen();
        patterns = patterns();
        if (maxCount != null && maxCount < 0) {
            throw new IllegalArgumentException("--max-count must be 0 or more, not " + maxCount);
        }
        if (filesWithMatches && filesWithoutMatch) {
            throw new IllegalArgumentException("-l and -L: give one of them");
        }
        if (following.follow) {
            return follow();
        }
        following.refuseWithoutFollow();
        eventTimeout.refuseWithoutFollow();
        Outputs.checkFile("--out", out, paths);
        SpooledInputs.Spooled spooled = SpooledInputs.spool(paths, execution, System.in);
        paths = spooled.paths();
        GrepOptions options =
                new GrepOptions(
                        invert,
                        maxCount == null ? -1 : maxCount,
                        (count || silent) && !filesWithMatches && !filesWithoutMatch,
                        filesWithMatches,
                        filesWithoutMatch,
                        lineNumbers,
                        fileNames(),
                        contextLength("-B", beforeContext),
                        contextLength("-A", afterContext),
                        onlyMatching,
                        colors());
        if (onlyMatching && contextAsked()) {
            throw new IllegalArgumentException("-o and -A/-B/-C do not go together yet");
        }
        LinePattern pattern = pattern();
        // -L lists every file then: read them, each with no line selected.
        if (nothingSelectable() && !filesWithoutMatch) {
            return selectNothing();
        }
        List<EventFilter> eventFilters = filters.filters(formats.zone);
        PrintStream notes = notes();
        InputFormats inputFormats = inputFormats(eventFilters, notes);
        if (inputFormats != null && contextAsked()) {
            throw new IllegalArgumentException(
                    "-A/-B/-C do not go with field filters or --format yet; grep the lines"
                            + " without them");
        }
        LineDecoder<GrepMatch> decoder =
                inputFormats == null
                        ? new GrepDecoder(pattern, options)
                        : new EventGrepDecoder(
                                inputFormats.fileFormats(),
                                formats.zone,
                                pattern,
                                eventFilters,
                                options);
        List<String> sourcePaths =
                inputFormats == null ? paths : FormatOptionsMixin.sourcePaths(paths, inputFormats);
        LogFileSource<GrepMatch> source =
                read.sourceFor(sourcePaths, ReaderOutput.LINES).setLineDecoder(decoder).build();
        GrepJob.Notes runNotes;
        try (Outputs.Pending target = output()) {
            // In colour, what comes from the logs is made safe as it is coloured.
            TerminalSafeChannel shown =
                    onTerminal() && options.colors() == null
                            ? new TerminalSafeChannel(target.channel())
                            : null;
            runNotes =
                    execution.run(
                            read.parallelism,
                            paths,
                            notes,
                            env ->
                                    GrepJob.run(
                                            env,
                                            source,
                                            shown == null ? target.channel() : shown,
                                            options,
                                            GrepFileNames.asGiven(paths, spooled.namesGiven())));
            if (shown != null) {
                shown.finish();
            }
            target.commit();
        }
        if (runNotes.malformedLines() > 0) {
            notes.printf(
                    "logslice: malformed lines left out (no %s events): %d%n",
                    inputFormats.names(), runNotes.malformedLines());
        }
        read.noteOversized(runNotes.oversizedLines(), notes);
        runNotes.skippedFiles()
                .forEach(file -> notes.println("logslice: skipped " + LogText.forTerminal(file)));
        // As GNU grep's: 2 when an input could not be read whole, whatever matched, but for -q,
        // whose 0 says that a line matched even if an error was found.
        int status =
                DamagedInputs.tell(
                        spec,
                        runNotes.damagedFiles(),
                        System.err,
                        runNotes.matched() ? 0 : NOTHING_MATCHED);
        return silent && runNotes.matched() ? 0 : status;
    }

    /** As GNU grep: lines after their file's name with -H, or when several files may be read. */
    private boolean fileNames() {
        return !noFileName && (withFileName || GrepFileNames.several(paths));
    }

    /** As GNU grep: no line may be selected (-m 0, or -f of an empty file alone). */
    private boolean nothingSelectable() {
        return (maxCount != null && maxCount == 0) || (patterns.isEmpty() && !invert);
    }

    /** Nothing is read or counted, the output left empty: status 1. */
    private int selectNothing() throws IOException {
        try (Outputs.Pending output = output()) {
            output.commit();
        }
        return NOTHING_MATCHED;
    }

    private PrintStream notes() {
        return quiet ? new PrintStream(PrintStream.nullOutputStream()) : System.err;
    }

    /**
     * The inputs' formats when lines are parsed into events (field filters, a named --format), else
     * null; told first on stderr what would leave nothing to select.
     */
    @Nullable
    private InputFormats inputFormats(List<EventFilter> eventFilters, PrintStream notes)
            throws IOException {
        // Parsing costs; a plain regex grep reads lines only.
        InputFormats inputFormats =
                eventFilters.isEmpty() && !formats.isNamed() ? null : formats.resolve(paths, notes);
        if (inputFormats == null) {
            formats.warnIfPatternUnused(System.err);
        } else {
            filters.warnUnfit(inputFormats, paths, formats.zone);
        }
        return inputFormats;
    }

    private Outputs.Pending output() throws IOException {
        return silent ? Outputs.discard() : Outputs.open(out);
    }

    /** Lines shown on a terminal have what would drive it escaped; piped, they are as written. */
    private boolean onTerminal() {
        return !silent && (out == null || Outputs.isStdout(out)) && Terminal.stdoutIsTerminal();
    }

    /** {@code --color=WHEN} with a WHEN that is none: the consumer took it for no WHEN at all. */
    private void checkColorWhen() {
        for (String arg : spec.commandLine().getParseResult().originalArgs()) {
            for (String name : List.of("--color=", "--colour=")) {
                if (arg.startsWith(name) && ColorWhen.named(arg.substring(name.length())) == null) {
                    throw new IllegalArgumentException(arg + ": WHEN is never, always or auto");
                }
            }
        }
    }

    /** The colours asked for, or null: {@code auto} colours a terminal that takes colour. */
    @Nullable
    private GrepColors colors() {
        boolean toStdout = out == null || Outputs.isStdout(out);
        boolean colour =
                switch (color) {
                    case never -> false;
                    case always -> true;
                    case auto -> toStdout && Terminal.forStandardStream(false).colour();
                };
        return colour && !silent ? new GrepColors(pattern(), onTerminal()) : null;
    }

    private boolean contextAsked() {
        return afterContext != null || beforeContext != null || context != null;
    }

    /** The lines of context asked for by {@code option} or else -C; -1 when neither is given. */
    private int contextLength(String option, @Nullable Integer given) {
        Integer length = given != null ? given : context;
        if (length == null) {
            return -1;
        }
        if (length < 0 || length > MAX_CONTEXT) {
            throw new IllegalArgumentException(
                    String.format(
                            "%s must be 0 to %,d, not %d",
                            given != null ? option : "-C", MAX_CONTEXT, length));
        }
        return length;
    }

    private LinePattern pattern() {
        if (basicRegexp) {
            throw new IllegalArgumentException(
                    "-G: GNU grep's basic syntax is not read; REGEX is a Java regex, which reads"
                            + " the extended one: write ( | { + ? without their backslashes");
        }
        List<String> matchers = new ArrayList<>();
        for (var matcher :
                List.of(
                        Map.entry("-E", extendedRegexp),
                        Map.entry("-F", fixedStrings),
                        Map.entry("-P", perlRegexp))) {
            if (matcher.getValue()) {
                matchers.add(matcher.getKey());
            }
        }
        if (matchers.size() > 1) {
            // As GNU grep: one kind of pattern or another.
            throw new IllegalArgumentException(
                    "conflicting matchers: " + String.join(" and ", matchers));
        }
        for (String each : patterns) {
            // Checked one by one, so that an error names the pattern that has it.
            compile(each, fixedStrings);
        }
        if (patterns.size() == 1) {
            return compile(patterns.get(0), fixedStrings);
        }
        if (!fixedStrings && patterns.stream().anyMatch(LinePattern::hasBackReference)) {
            throw new IllegalArgumentException(
                    "a back-reference (\\1) does not go with several patterns yet: its group"
                            + " would be counted across them");
        }
        // One regex of them all: the reader's literal search takes its alternation in.
        String any =
                patterns.isEmpty()
                        ? "(?!)"
                        : patterns.stream()
                                .map(
                                        each ->
                                                fixedStrings
                                                        ? Pattern.quote(each)
                                                        : "(?:" + each + ")")
                                .collect(Collectors.joining("|"));
        return compile(any, false);
    }

    private LinePattern compile(String pattern, boolean literal) {
        try {
            return LinePattern.compile(
                    pattern,
                    (literal ? Pattern.LITERAL : 0)
                            | (ignoreCase ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0),
                    lineRegexp
                            ? LinePattern.Extent.LINE
                            : wordRegexp ? LinePattern.Extent.WORD : LinePattern.Extent.ANY);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(
                    "invalid regex '" + pattern + "': " + e.getDescription());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "invalid regex '" + pattern + "': " + e.getMessage());
        }
    }

    /**
     * The patterns of -e and -f, or else the REGEX argument; with -e or -f, that argument is the
     * first PATH. A missing REGEX or PATH is a usage error.
     */
    private List<String> patterns() throws IOException {
        if (regexps == null && patternFiles == null) {
            if (regex == null) {
                throw new IllegalArgumentException("no REGEX given (or -e REGEX, -f FILE)");
            }
            requirePaths();
            return List.of(regex);
        }
        if (regex != null) {
            paths.add(0, regex);
            regex = null;
        }
        requirePaths();
        List<String> all = new ArrayList<>();
        for (String each : regexps == null ? List.<String>of() : regexps) {
            all.addAll(List.of(each.split("\n", -1)));
        }
        for (Path file : patternFiles == null ? List.<Path>of() : patternFiles) {
            all.addAll(patternsIn(file));
        }
        return all;
    }

    private void requirePaths() {
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("no PATH given (- reads standard input)");
        }
    }

    private static List<String> patternsIn(Path file) {
        return OptionFiles.text("-f", file).lines().toList();
    }

    /**
     * {@code --follow}: a streaming job writing the selected lines, or with field filters or a
     * named format the selected events (a multi-line one once the next starts, or once its file is
     * quiet for {@code --event-timeout}), as they come. What does not work with it is refused by
     * name.
     */
    private Integer follow() throws Exception {
        if (count
                || filesWithMatches
                || filesWithoutMatch
                || lineNumbers
                || contextAsked()
                || silent
                || paths.contains(SpooledInputs.STANDARD_INPUT)) {
            throw new IllegalArgumentException(
                    "--follow writes the selected lines as they come: -c, -l, -L, -n, -q, -A/-B/-C"
                            + " and - (stdin) do not go with it yet");
        }
        if (maxCount != null && (following.checkpointDir != null || !execution.isEmbedded())) {
            // The writer that counts them ends the run: it must be in this process, and a run
            // resumed would count afresh.
            throw new IllegalArgumentException(
                    "-m ends --follow once NUM are written, in this process: not with"
                            + " --checkpoint-dir or --cluster");
        }
        Outputs.checkFile("--out", out, paths);
        LinePattern pattern = pattern();
        if (nothingSelectable()) {
            return selectNothing();
        }
        // Written as batch grep writes them (names, -o, colours); -m is the sink's, in all.
        GrepOptions options =
                new GrepOptions(
                        invert,
                        -1,
                        false,
                        false,
                        false,
                        false,
                        fileNames(),
                        -1,
                        -1,
                        onlyMatching,
                        colors());
        PrintStream notes = notes();
        List<EventFilter> eventFilters = filters.filters(formats.zone);
        InputFormats inputFormats = inputFormats(eventFilters, notes);
        LineDecoder<GrepMatch> decoder =
                inputFormats == null
                        ? new GrepDecoder(pattern, options)
                        : EventGrepDecoder.following(
                                inputFormats.fileFormats(),
                                formats.zone,
                                pattern,
                                eventFilters,
                                options);
        // The paths as given, not the files detected: new files in a folder are followed too.
        LogFileSource<GrepMatch> source =
                eventTimeout
                        .applyTo(following.following(read.sourceFor(paths, ReaderOutput.LINES)))
                        .setLineDecoder(decoder)
                        .build();
        new FollowRun(following, execution, read.parallelism, paths, notes)
                .writeLines(
                        "grep",
                        out,
                        source,
                        sink -> {
                            FollowOutputSink shown =
                                    sink.writing(options, GrepFileNames.asGiven(paths, Map.of()));
                            return inputFormats == null || quiet
                                    ? shown
                                    : shown.notingMalformed(inputFormats.names());
                        },
                        maxCount == null ? -1 : maxCount);
        return 0;
    }
}
