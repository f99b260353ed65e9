package dev.logslice.cli;

import dev.logslice.format.detect.InputFormats;
import dev.logslice.format.detect.PathsDetection;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.job.ReaderOutput;
import dev.logslice.sql.QueryRun;
import dev.logslice.sql.RowOutput;
import dev.logslice.sql.SubqueryCounts;
import dev.logslice.table.LogsTableStatement;
import dev.logslice.table.LogsliceTableOptions;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code logslice sql}: a Flink SQL query over log files, which are the table {@code logs}. */
@Command(
        name = "sql",
        mixinStandardHelpOptions = true,
        description = {
            "Run a Flink SQL query over log files: the paths are the table 'logs', whose columns"
                    + " are the fields of their format ('DESCRIBE logs' lists them) and the"
                    + " metadata file, offset, line and malformed.",
            "Example: logslice sql \"SELECT status, COUNT(*) FROM logs GROUP BY status\""
                    + " access.log"
        })
final class SqlCommand implements Callable<Integer>, SizedInput {
    static final String TABLE = "logs";

    @Mixin ReadOptions read;
    @Mixin FormatOptionsMixin formats;
    @Mixin ExecutionTarget execution;

    @Option(
            names = "--output",
            paramLabel = "FORM",
            description =
                    "table (aligned on a terminal, tab-separated with a header when piped), csv,"
                            + " json (one array) or jsonl (one object per line); default:"
                            + " ${DEFAULT-VALUE}")
    String output = "table";

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Write the rows to this file instead of stdout.")
    Path out;

    @Option(
            names = {"-f", "--file"},
            paramLabel = "FILE.sql",
            description = "Read the query from this file; then every argument is a path.")
    Path script;

    @Parameters(
            arity = "1..*",
            paramLabel = "QUERY PATH",
            description = "The query (unless -f is given), then files, folders or globs.")
    List<String> arguments;

    @Override
    public List<String> inputPaths() {
        return script == null ? arguments.subList(1, arguments.size()) : arguments;
    }

    @Override
    public Integer call() throws Exception {
        RowOutput form = form();
        String query = script == null ? arguments.get(0) : OptionFiles.text("-f", script);
        List<String> paths = script == null ? arguments.subList(1, arguments.size()) : arguments;
        if (paths.isEmpty()) {
            throw new IllegalArgumentException(
                    "no path to read: give the files after the query (logslice sql QUERY PATH...)");
        }
        Outputs.checkFile("--out", out, paths);
        paths = SpooledInputs.spool(paths, execution, System.in).paths();
        InputFormats inputFormats = formats.resolve(paths, System.err);
        List<String> toRead = PathsDetection.pathsToRead(paths, inputFormats);
        String createTable =
                LogsTableStatement.of(
                        TABLE,
                        PathsDetection.localFiles(toRead),
                        inputFormats.fileFormats(),
                        formats.zone,
                        tableOptions(toRead, inputFormats, query));
        try (Outputs.Pending pending = Outputs.open(out)) {
            Writer writer =
                    new OutputStreamWriter(
                            Channels.newOutputStream(pending.channel()), StandardCharsets.UTF_8);
            execution.run(
                    read.parallelism,
                    toRead,
                    System.err,
                    env ->
                            QueryRun.run(
                                    env,
                                    createTable,
                                    TABLE,
                                    query,
                                    form,
                                    writer,
                                    read.lineLimit(),
                                    out == null && System.console() != null ? terminalWidth() : 0));
            pending.commit();
        }
        return 0;
    }

    private RowOutput form() {
        try {
            return RowOutput.valueOf(output.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "--output " + output + ": give table, csv, json or jsonl");
        }
    }

    /**
     * The table's WITH options: the paths to read, the format and its options as the other commands
     * read them, and the source options given.
     */
    private Map<String, String> tableOptions(
            List<String> paths, InputFormats inputFormats, String query) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("path", String.join(";", paths.stream().map(SqlCommand::listItem).toList()));
        // One detected format is named, so that the table does not detect it again; files of
        // several formats are detected again by the table, with the same options.
        String format =
                inputFormats.isDetected() && inputFormats.filesByFormat().size() == 1
                        ? inputFormats.names()
                        : formats.format;
        options.put(LogsliceTableOptions.FORMAT.key(), format);
        FormatOptions given = formats.options();
        given.pattern().ifPresent(p -> options.put(LogsliceTableOptions.PATTERN.key(), p));
        given.timeFormat().ifPresent(t -> options.put(LogsliceTableOptions.TIME_FORMAT.key(), t));
        given.year().ifPresent(y -> options.put(LogsliceTableOptions.YEAR.key(), y.toString()));
        // A detected format that reads no JSON ignores JSON keys; named, it would refuse them.
        if (format.equals("auto") || FormatRegistry.standard().definition(format).takesJsonKeys()) {
            given.jsonKeys()
                    .forEach(
                            (field, keys) ->
                                    options.put(
                                            LogsliceTableOptions.JSON_KEYS.get(field).key(),
                                            String.join(
                                                    ";",
                                                    keys.stream()
                                                            .map(SqlCommand::listItem)
                                                            .toList())));
        }
        options.put("zone", formats.zone.getId());
        options.put("split-size", read.splitSize.toString());
        options.put("read-buffer-size", read.bufferSize.toString());
        options.put("max-line-length", read.checkedLineLimit(paths, ReaderOutput.JSON).toString());
        options.put("skip-missing-files", String.valueOf(read.skipMissing));
        if (SubqueryCounts.in(query, TABLE)) {
            options.put(LogsliceTableOptions.AGGREGATE_PUSHDOWN.key(), "false");
        }
        return options;
    }

    /** A path as an item of a list option: quoted when it holds the separator or a quote. */
    private static String listItem(String path) {
        return path.contains(";") || path.contains("\"") || path.contains("'")
                ? "\"" + path.replace("\"", "\"\"") + "\""
                : path;
    }

    /** The terminal's width from {@code COLUMNS}, else the usual 80. */
    private static int terminalWidth() {
        try {
            return Math.max(20, Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "80")));
        } catch (NumberFormatException e) {
            return 80;
        }
    }
}
