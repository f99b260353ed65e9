package dev.logslice.benchmark;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.GeneratedLog;
import dev.logslice.generate.LogGenerator;

import org.apache.flink.configuration.MemorySize;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The input of the read benchmarks: a generated combined log of {@code fileSize} bytes (seed 1),
 * kept in {@code $LOGSLICE_BENCH_DIR} (default: the temp folder) so forks and runs share it; its
 * lines are counted once, which also brings it into the page cache.
 */
@State(Scope.Benchmark)
public class GeneratedLogFile {
    @Param("1g")
    public String fileSize;

    /** The generated file. */
    public Path path;

    /** Its size in bytes and number of lines, what every pass must find. */
    public long bytes;

    public long lines;

    @Setup(Level.Trial)
    public void generate() throws IOException {
        long size = MemorySize.parse(fileSize).getBytes();
        String benchDir = System.getenv("LOGSLICE_BENCH_DIR");
        Path dir = benchDir == null ? defaultDir() : Paths.get(benchDir);
        Files.createDirectories(dir);
        path = dir.resolve("combined-" + size + "-seed1.log");
        if (!Files.exists(path)) {
            Path partial = Files.createTempFile(dir, "generating", ".tmp");
            GeneratedLog log = LogGenerator.write(GeneratedFormat.COMBINED, size, 1, partial);
            Files.move(partial, path);
            System.out.printf("generated %s: %d bytes, %d lines%n", path, log.bytes(), log.lines());
        }
        bytes = Files.size(path);
        lines = LineCounts.ofFile(path);
    }

    /** Fails a benchmark whose pass did not see every line exactly once. */
    public long check(long countedLines) {
        if (countedLines != lines) {
            throw new IllegalStateException(
                    "counted " + countedLines + " lines in " + path + ", expected " + lines);
        }
        return countedLines;
    }

    private static Path defaultDir() {
        return Paths.get(System.getProperty("java.io.tmpdir"), "logslice-bench");
    }
}
