package dev.logslice.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** The real logs in {@code shared/testdata/real}, found beside the checkout as on CI. */
final class RealLogs {
    private RealLogs() {}

    static Path directory() {
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared/testdata/real");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no shared/testdata/real beside the checkout");
    }

    static Path file(String name) {
        return directory().resolve(name);
    }
}
