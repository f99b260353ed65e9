package dev.logslice.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code -} among the input paths: standard input, spooled whole to a file in the cache folder that
 * the source then reads like any other. The source stays a file source: its splits, their
 * checkpoints (byte offsets that can be read again) and the checks that a file did not change all
 * hold, which a stream read once by one reader could not give. The cost is one copy of the input on
 * disk, made before the job starts (a batch job waits for the end of its input anyway).
 */
final class StandardInput {
    static final String NAME = "-";

    private StandardInput() {}

    /**
     * The paths, with {@code -} replaced by the spooled file: for embedded runs only, since a
     * cluster's TaskManagers cannot read this process's standard input or its cache folder.
     */
    static List<String> spoolIfNamed(List<String> paths, ExecutionTarget execution, InputStream in)
            throws IOException {
        int named = Collections.frequency(paths, NAME);
        if (named == 0) {
            return paths;
        }
        if (named > 1) {
            throw new IllegalArgumentException(
                    "'-' (standard input) may be given once; name a file called - as ./-");
        }
        if (!execution.isEmbedded()) {
            throw new IllegalArgumentException(
                    "'-' (standard input) cannot be read with --cluster: its TaskManagers read"
                            + " files; save the input to a file they can read and name it");
        }
        Path spooled = spool(in);
        List<String> replaced = new ArrayList<>(paths);
        replaced.set(paths.indexOf(NAME), spooled.toString());
        return replaced;
    }

    private static Path spool(InputStream in) throws IOException {
        Path folder = Files.createDirectories(CacheFolder.path().resolve("stdin"));
        Path file = Files.createTempFile(folder, "stdin-", ".log");
        file.toFile().deleteOnExit();
        Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        return file;
    }
}
