package dev.logslice.cli;

import org.apache.flink.client.program.ProgramParametrizationException;

/**
 * The job jar's entry point, for {@code flink run} and application mode: the same commands as
 * {@link Logslice}, without {@code System.exit}, which would end the Flink client or (in
 * application mode) the JobManager that runs this method before Flink has finished the job.
 */
public final class LogsliceProgram {
    private LogsliceProgram() {}

    public static void main(String[] args) {
        int exitCode = Logslice.run(args);
        // The command has printed its one-line reason; these tell Flink that the program failed,
        // a usage error as such (flink run then prints no stack trace).
        if (exitCode == CliErrors.USAGE_OR_INPUT) {
            throw new ProgramParametrizationException("logslice: usage or input error");
        }
        if (exitCode != 0) {
            throw new IllegalStateException("logslice: the job failed (status " + exitCode + ")");
        }
    }
}
