package dev.logslice.cli;

import dev.logslice.report.InputFileNotes;
import dev.logslice.report.InputFileNotes.DamagedFile;

import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintStream;
import java.util.List;

/**
 * Compressed inputs whose stream ended early or held damaged bytes. Their lines before the damage
 * are in the output, as {@code zcat} gives them, so one cut archive among a folder's costs its own
 * rest, not the whole answer; after the run each is told in one line naming the file as given, and
 * the command exits 2, as {@code zgrep} does.
 */
final class DamagedInputs {
    private DamagedInputs() {}

    /** Tells each damaged file on {@code err}; the exit code: 2 if any, else {@code otherwise}. */
    static int tell(CommandSpec spec, List<DamagedFile> damaged, PrintStream err, int otherwise) {
        for (DamagedFile file : damaged) {
            err.println(
                    InputFileNotes.damaged(
                            CliErrors.asGiven(spec.commandLine(), file.path()), file.damage()));
        }
        return damaged.isEmpty() ? otherwise : CliErrors.USAGE_OR_INPUT;
    }
}
