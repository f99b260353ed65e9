package dev.logslice.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One in-process run of the command line, with what it wrote to stderr. */
record CliRun(int exitCode, String stderr) {

    static CliRun of(String... args) {
        PrintStream originalErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int exitCode = Logslice.run(args);
            return new CliRun(exitCode, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(originalErr);
        }
    }
}
