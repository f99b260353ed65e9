package dev.logslice.cli;

import org.apache.flink.util.ExceptionUtils;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Turns failures into one line on stderr and an exit code: 2 for a usage or input error, 1 for a
 * job that failed. Stack traces are for bugs, not for users.
 */
final class CliErrors
        implements CommandLine.IParameterExceptionHandler, CommandLine.IExecutionExceptionHandler {
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
                                + e.getMessage()
                                + " (see '"
                                + cmd.getCommandSpec().qualifiedName()
                                + " --help')");
        return USAGE_OR_INPUT;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parseResult) {
        if (e instanceof IllegalArgumentException
                || e instanceof UncheckedIOException
                || e instanceof FileNotFoundException) {
            cmd.getErr().println("logslice: " + messageOf(e));
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
        cmd.getErr().println("logslice: job failed: " + messageOf(root) + remedyFor(root));
        return JOB_FAILED;
    }

    /** What to do about a failed job, and where Flink's log of it is, when it wrote one. */
    private static String remedyFor(Throwable root) {
        String remedy =
                root instanceof OutOfMemoryError
                        ? "; give the JVM more memory (LOGSLICE_JAVA_OPTS=-Xmx4g) or read with"
                                + " fewer readers (-p)"
                        : "";
        Path log = CacheFolder.flinkLog();
        return Files.exists(log) ? remedy + " (Flink's log: " + log + ")" : remedy;
    }

    private static String messageOf(Throwable e) {
        String message = e.getMessage();
        if (e instanceof UncheckedIOException && e.getCause() != null) {
            message = message + ": " + e.getCause().getMessage();
        }
        return message == null ? e.getClass().getSimpleName() : message;
    }
}
