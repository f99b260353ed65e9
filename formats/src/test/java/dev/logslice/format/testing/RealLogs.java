package dev.logslice.format.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The real log files of {@code shared/testdata/real}, found through the one setting {@value
 * #SETTING}. A clone with nothing beside it has no such folder: without the setting, a test that
 * asks for them is skipped with a reason that names it (and {@code .ci/run}, which sets it, fails
 * if any was). With the setting, a folder that is not there fails the test: a mistyped path must
 * not pass as a skip.
 */
public final class RealLogs {
    public static final String SETTING = "LOGSLICE_REAL_LOGS";

    private RealLogs() {}

    /** The folder; aborts the calling test (skipped, with the reason) when the setting is unset. */
    public static Path directory() {
        String setting = System.getenv(SETTING);
        Assumptions.assumeTrue(
                setting != null && !setting.isBlank(),
                "real logs not available: set "
                        + SETTING
                        + " to the shared/testdata/real folder to run this test");
        Path dir = Paths.get(setting).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException(SETTING + "=" + setting + " is not a folder");
        }
        return dir;
    }

    public static Path file(String name) {
        return directory().resolve(name);
    }

    public static byte[] bytes(String name) {
        try {
            return Files.readAllBytes(file(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
