package dev.logslice.cli;

import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * logslice's folder for what it keeps between runs and what a run spools ({@code demo}'s sample,
 * standard input, Flink's log): {@code $XDG_CACHE_HOME/logslice} or {@code ~/.cache/logslice}.
 */
final class CacheFolder {
    private CacheFolder() {}

    static Path path() {
        String cache = System.getenv("XDG_CACHE_HOME");
        Path base =
                cache != null && !cache.isEmpty()
                        ? Paths.get(cache)
                        : Paths.get(System.getProperty("user.home"), ".cache");
        return base.resolve("logslice");
    }

    /** Where Flink's log goes; {@code log4j2.properties} names the same file. */
    static Path flinkLog() {
        return path().resolve("flink.log");
    }
}
