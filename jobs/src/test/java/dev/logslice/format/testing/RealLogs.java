package dev.logslice.format.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** The real log files of {@code shared/testdata/real}, found beside the repository. */
public final class RealLogs {
    private static final Path DIR = find();

    private RealLogs() {}

    public static Path file(String name) {
        return DIR.resolve(name);
    }

    public static byte[] bytes(String name) {
        try {
            return Files.readAllBytes(file(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path find() {
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared/testdata/real");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException(
                "no shared/testdata/real above " + Paths.get("").toAbsolutePath());
    }
}
