package dev.logslice.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

import javax.annotation.Nullable;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.concurrent.Callable;

/** The {@code logslice} command line: one subcommand per job. */
@Command(
        name = "logslice",
        mixinStandardHelpOptions = true,
        versionProvider = Logslice.Version.class,
        description = "Fast batch analysis of big log files on Apache Flink.",
        footer = "%nSee 'logslice help COMMAND' for the options of a command.",
        subcommands = {
            DemoCommand.class,
            StatsCommand.class,
            ScanCommand.class,
            GrepCommand.class,
            ParseCommand.class,
            SqlCommand.class,
            FormatsCommand.class,
            GenerateCommand.class,
            HelpCommand.class
        })
public final class Logslice implements Callable<Integer> {

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        int exitCode = run(args);
        if (System.out.checkError() && exitCode != CliErrors.BROKEN_PIPE) {
            exitCode = standardOutputFailed();
        }
        // Flink's embedded cluster leaves non-daemon threads behind; results are out by now.
        System.exit(exitCode);
    }

    /**
     * What a failed write to stdout ends in: a summary on a full disk ({@code stats >
     * /full/summary.txt}) ended in 0, as {@link java.io.PrintStream} keeps only that a write
     * failed. One more line feed, written raw, fails as the first write did and says why: a reader
     * gone ({@code | head}) ends quietly as a broken pipe, as grep ends; anything else is GNU
     * grep's "write error", exit 2.
     */
    private static int standardOutputFailed() {
        String reason;
        try {
            FileOutputStream raw = new FileOutputStream(FileDescriptor.out);
            raw.write('\n');
            raw.flush();
            reason = "a write failed";
        } catch (IOException e) {
            if ("Broken pipe".equals(e.getMessage())) {
                return CliErrors.BROKEN_PIPE;
            }
            reason = e.getMessage();
        }
        System.err.println("logslice: write error: standard output: " + reason);
        return CliErrors.USAGE_OR_INPUT;
    }

    /** Runs a command line and returns its exit code; never exits the JVM. */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    /** The command line with logslice's error handling, ready to execute. */
    static CommandLine commandLine() {
        return new CommandLine(new Logslice())
                .setParameterExceptionHandler(new CliErrors())
                .setExecutionExceptionHandler(new CliErrors())
                .setExecutionStrategy(Logslice::execute);
    }

    /**
     * Runs the command parsed, a job command's embedded MiniCluster starting at once: its start
     * then overlaps what the command does before its job (listing, detecting, planning).
     */
    private static int execute(ParseResult parsed) {
        Integer help = CommandLine.executeHelpRequest(parsed);
        if (help != null) {
            return help;
        }
        ParseResult command = parsed;
        while (command.hasSubcommand()) {
            command = command.subcommand();
        }
        ExecutionTarget target = mixin(command.commandSpec(), ExecutionTarget.class);
        ReadOptions read = mixin(command.commandSpec(), ReadOptions.class);
        if (target != null && read != null) {
            if (command.commandSpec().userObject() instanceof SizedInput input) {
                read.fitToInput(input.inputPaths());
            }
            target.startEarly(read.parallelism);
        }
        try {
            return new CommandLine.RunLast().execute(parsed);
        } finally {
            if (target != null) {
                target.closeEarly();
            }
        }
    }

    @Nullable
    private static <T> T mixin(CommandSpec spec, Class<T> type) {
        return spec.mixins().values().stream()
                .map(CommandSpec::userObject)
                .filter(type::isInstance)
                .map(type::cast)
                .findFirst()
                .orElse(null);
    }

    /** No command: as git does, the usage on stderr and a usage error's status. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return CliErrors.USAGE_OR_INPUT;
    }

    /** The version from the jar's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Logslice.class.getPackage().getImplementationVersion();
            return new String[] {"logslice " + (version == null ? "(development)" : version)};
        }
    }
}
