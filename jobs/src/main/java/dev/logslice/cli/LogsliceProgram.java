package dev.logslice.cli;

/**
 * The job jar's entry point, for {@code flink run} and application mode: the same commands as
 * {@link Logslice}, without {@code System.exit}, which would end the Flink client or (in
 * application mode) the JobManager that runs this method before Flink has finished the job.
 */
public final class LogsliceProgram {
    private LogsliceProgram() {}

    public static void main(String[] args) {
        int exitCode = Logslice.run(args);
        if (exitCode != 0) {
            // The command has printed its one-line reason; this tells Flink the program failed.
            throw new IllegalStateException("logslice exited with status " + exitCode);
        }
    }
}
