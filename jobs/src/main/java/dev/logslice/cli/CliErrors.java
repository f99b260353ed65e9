package dev.logslice.cli;

import dev.logslice.connector.io.DamagedCompressedFileException;
import dev.logslice.report.LogText;

import org.apache.flink.util.ExceptionUtils;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Turns failures into one line on stderr and an exit code: 2 for a usage or input error, 1 for a
 * job that failed. Stack traces are for bugs, not for users. Messages quote file names and log text
 * nobody here wrote: their control characters are escaped, so the line stays one line and the
 * terminal's own.
 */
final class CliErrors
        implements CommandLine.IParameterExceptionHandler, CommandLine.IExecutionExceptionHandler {
    private static final Logger LOG = LoggerFactory.getLogger(CliErrors.class);

    static final int JOB_FAILED = 1;
    static final int USAGE_OR_INPUT = 2;

    /** As a Unix tool killed by SIGPIPE: the reader of our output went away ({@code | head}). */
    static final int BROKEN_PIPE = 128 + 13;

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        cmd.getErr()
                .println(
                        "logslice: "
                                + messageOf(e)
                                + didYouMean(e)
                                + " (see '"
                                + cmd.getCommandSpec().qualifiedName()
                                + " --help')");
        return USAGE_OR_INPUT;
    }

    /** Picocli's message, but for a word in place of a command, which is "unknown" as git says. */
    private static String messageOf(ParameterException e) {
        CommandSpec spec = e.getCommandLine().getCommandSpec();
        if (e instanceof UnmatchedArgumentException unmatched
                && !unmatched.getUnmatched().isEmpty()
                && !unmatched.getUnmatched().get(0).startsWith("-")
                && !spec.subcommands().isEmpty()) {
            return "unknown command '" + LogText.forTerminal(unmatched.getUnmatched().get(0)) + "'";
        }
        return LogText.forTerminal(e.getMessage());
    }

    /** For a mistyped command or option, the one probably meant. */
    private static String didYouMean(ParameterException e) {
        if (!(e instanceof UnmatchedArgumentException unmatched)
                || unmatched.getUnmatched().isEmpty()) {
            return "";
        }
        String typed = unmatched.getUnmatched().get(0);
        CommandSpec spec = e.getCommandLine().getCommandSpec();
        Collection<String> names =
                typed.startsWith("-")
                        ? spec.options().stream()
                                .filter(option -> !option.hidden())
                                .flatMap(option -> Arrays.stream(option.names()))
                                .toList()
                        : spec.subcommands().keySet();
        return Suggestions.closest(typed.replaceFirst("=.*", ""), names)
                .map(name -> "; did you mean '" + name + "'?")
                .orElse("");
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parseResult) {
        if (e instanceof IllegalArgumentException
                || e instanceof UncheckedIOException
                || e instanceof FileNotFoundException) {
            cmd.getErr().println("logslice: " + messageOf(e));
            return USAGE_OR_INPUT;
        }
        Optional<DamagedCompressedFileException> damaged =
                ExceptionUtils.findThrowable(e, DamagedCompressedFileException.class);
        if (damaged.isPresent()) {
            // The user's file, not the job, is at fault: as zcat, name it and what is wrong.
            String file = asGiven(cmd, damaged.get().file());
            cmd.getErr().println("logslice: " + LogText.forTerminal(damaged.get().describe(file)));
            return USAGE_OR_INPUT;
        }
        Throwable cause = ExceptionUtils.stripExecutionException(e);
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof IOException && "Broken pipe".equals(root.getMessage())) {
            return BROKEN_PIPE;
        }
        // Flink logs a failed task below the level its log keeps: the trace the line points to
        // would be a former run's.
        LOG.error("Job failed", cause);
        cmd.getErr().println("logslice: job failed: " + messageOf(root) + remedyFor(root));
        // grep's 1 says that nothing matched, so its errors are all 2, as Unix grep's.
        return cmd.getCommand() instanceof GrepCommand ? USAGE_OR_INPUT : JOB_FAILED;
    }

    /**
     * A file as the source names it ({@code file:/abs/path}) as the user gave it: the command's
     * arguments that are paths are the candidates, the deepest first, so that a grep pattern or a
     * sql query that happens to name a folder does not stand for the path given after it.
     */
    static String asGiven(CommandLine cmd, String sourceName) {
        List<String> paths = new ArrayList<>();
        for (PositionalParamSpec positional : cmd.getParseResult().matchedPositionals()) {
            for (String value : positional.stringValues()) {
                if (isExistingPath(value)) {
                    paths.add(value);
                }
            }
        }
        paths.sort(
                Comparator.comparingInt(
                                (String path) ->
                                        Paths.get(path).toAbsolutePath().normalize().getNameCount())
                        .reversed());
        return GrepFileNames.asGiven(paths, SpooledInputs.allNamesGiven()).apply(sourceName);
    }

    private static boolean isExistingPath(String value) {
        try {
            return Files.exists(Paths.get(value));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** What to do about a failed job, and where Flink's log of it is, when it wrote one. */
    private static String remedyFor(Throwable root) {
        String remedy =
                root instanceof OutOfMemoryError
                        ? MemoryFit.moreMemory()
                                        .map(
                                                option ->
                                                        "; give the JVM more memory ("
                                                                + option
                                                                + ") or")
                                        .orElse(";")
                                + " read with fewer readers (-p)"
                        : "";
        Path log = CacheFolder.flinkLog();
        return Files.exists(log) ? remedy + " (Flink's log: " + log + ")" : remedy;
    }

    private static String messageOf(Throwable e) {
        String message = e.getMessage();
        if (e instanceof UncheckedIOException && e.getCause() != null) {
            message = message + ": " + e.getCause().getMessage();
        }
        return message == null ? e.getClass().getSimpleName() : LogText.forTerminal(message);
    }
}
