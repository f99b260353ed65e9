package dev.logslice.report;

import javax.annotation.Nullable;

import java.time.Instant;
import java.util.List;

/**
 * How and when a report was made, for a reader who finds the file later.
 *
 * @param version the program and its version, e.g. {@code logslice 0.1.0}
 * @param arguments the command line after the program's name, as given
 * @param madeAt when the run ended
 */
public record ReportOrigin(String version, List<String> arguments, @Nullable Instant madeAt) {
    /** For reports made by code rather than a command (tests): nothing to say. */
    public static final ReportOrigin UNKNOWN = new ReportOrigin("", List.of(), null);

    public ReportOrigin {
        arguments = List.copyOf(arguments);
    }

    /**
     * The command line as one string, each argument that a shell would split or expand in single
     * quotes, so that it can be read (and pasted) as it was run.
     */
    public String commandLine() {
        StringBuilder line = new StringBuilder("logslice");
        for (String argument : arguments) {
            line.append(' ');
            if (!argument.isEmpty() && argument.matches("[A-Za-z0-9_@%+=:,./-]+")) {
                line.append(argument);
            } else {
                line.append('\'').append(argument.replace("'", "'\\''")).append('\'');
            }
        }
        return line.toString();
    }
}
