package dev.logslice.cli;

import org.apache.flink.client.program.ProgramParametrizationException;

import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The job jar's entry point, for {@code flink run} and application mode: the same commands as
 * {@link Logslice}, without {@code System.exit}, which would end the Flink client or (in
 * application mode) the JobManager that runs this method before Flink has finished the job.
 */
public final class LogsliceProgram {
    private LogsliceProgram() {}

    public static void main(String[] args) {
        CommandLine cli = Logslice.commandLine();
        int exitCode = cli.execute(args);
        if (exitCode == 0 || nothingMatched(cli, exitCode)) {
            return;
        }
        // The command has printed its one-line reason; these tell Flink that the program failed,
        // a usage error as such (flink run then prints no stack trace).
        if (exitCode == CliErrors.USAGE_OR_INPUT) {
            throw new ProgramParametrizationException(
                    "logslice: usage or input error (or, for grep, a failed job)");
        }
        throw new IllegalStateException("logslice: the job failed (status " + exitCode + ")");
    }

    /** Whether grep ran and found nothing: its status 1 then is an answer, as Unix grep's. */
    private static boolean nothingMatched(CommandLine cli, int exitCode) {
        ParseResult command = cli.getParseResult();
        if (exitCode != GrepCommand.NOTHING_MATCHED || command == null) {
            return false;
        }
        while (command.hasSubcommand()) {
            command = command.subcommand();
        }
        // A failed job's status comes from the error handler: the command itself returned none.
        Object returned = command.commandSpec().commandLine().getExecutionResult();
        return command.commandSpec().userObject() instanceof GrepCommand
                && Integer.valueOf(GrepCommand.NOTHING_MATCHED).equals(returned);
    }
}
