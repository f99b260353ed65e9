package dev.logslice.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code logslice} command line: one subcommand per job. */
@Command(
        name = "logslice",
        mixinStandardHelpOptions = true,
        versionProvider = Logslice.Version.class,
        description = "Fast batch analysis of big log files on Apache Flink.",
        subcommands = {
            DemoCommand.class,
            StatsCommand.class,
            ScanCommand.class,
            GrepCommand.class,
            ParseCommand.class,
            FormatsCommand.class,
            GenerateCommand.class
        })
public final class Logslice implements Runnable {

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        int exitCode = run(args);
        // Flink's embedded cluster leaves non-daemon threads behind; results are out by now.
        System.exit(exitCode);
    }

    /** Runs a command line and returns its exit code; never exits the JVM. */
    public static int run(String... args) {
        return new CommandLine(new Logslice())
                .setParameterExceptionHandler(new CliErrors())
                .setExecutionExceptionHandler(new CliErrors())
                .execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.err);
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
