package dev.logslice.cli;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.GeneratedLog;
import dev.logslice.generate.LogGenerator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The archive {@code ./mvnw package} builds ({@code target/logslice-VERSION.tar.gz}), as a user
 * without Maven runs it: unpacked into an empty folder, called through a link on {@code PATH}, with
 * a fresh {@code HOME} (no {@code ~/.m2}) and only the JDK and the system's tools on {@code PATH}.
 */
class ArchiveITCase {
    @TempDir Path dir;

    @Test
    void runsStatsUnpackedWithOnlyAJdk() throws Exception {
        Path archive = builtArchive().toAbsolutePath();
        Path unpacked = Files.createDirectories(dir.resolve("opt"));
        ProcessRun untar =
                ProcessRun.of(
                        List.of("tar", "xzf", archive.toString(), "-C", unpacked.toString()),
                        dir,
                        env -> {});
        assertThat(untar.exitCode()).as(untar.stderr()).isZero();
        Path launcher = onlyChild(unpacked).resolve("bin/logslice");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("logslice"), launcher);
        Path home = Files.createDirectories(dir.resolve("home"));
        Path log = dir.resolve("access.log");
        GeneratedLog generated = LogGenerator.write(GeneratedFormat.COMBINED, 200_000, 5, log);
        Path json = dir.resolve("stats.json");
        String jdkBin = Paths.get(System.getProperty("java.home"), "bin").toString();
        Consumer<Map<String, String>> onlyTheJdk =
                env -> {
                    env.clear();
                    env.put("HOME", home.toString());
                    env.put(
                            "PATH",
                            String.join(
                                    File.pathSeparator,
                                    bin.toString(),
                                    jdkBin,
                                    "/usr/bin",
                                    "/bin"));
                };

        ProcessRun run =
                ProcessRun.of(
                        // bash finds logslice on the PATH given to it (Java looks in its own).
                        List.of(
                                "bash",
                                "-c",
                                "logslice stats --json \"$0\" \"$1\"",
                                json.toString(),
                                log.toString()),
                        home,
                        onlyTheJdk);

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("Status classes");
        JsonNode stats = new ObjectMapper().readTree(json.toFile());
        assertThat(stats.get("lines").asLong()).isEqualTo(generated.lines());
        assertThat(stats.get("malformed").asLong()).isZero();
        // Its class archive went to the fresh HOME's cache; nothing looked for Maven's.
        assertThat(home.resolve(".cache/logslice/cds")).isDirectoryContaining("glob:**.jsa");
        assertThat(home.resolve(".m2")).doesNotExist();

        // sql, with the planner's class path of the archive. Its own class archive is recorded in
        // the background after the query, for minutes: outside the folder this test deletes.
        Path sqlCache = Paths.get("target/archive-it-cache").toAbsolutePath();
        ProcessRun sql =
                ProcessRun.of(
                        List.of(
                                "bash",
                                "-c",
                                "logslice sql 'SELECT COUNT(*) AS n FROM logs' \"$0\"",
                                log.toString()),
                        home,
                        onlyTheJdk.andThen(env -> env.put("XDG_CACHE_HOME", sqlCache.toString())));
        assertThat(sql.exitCode()).as(sql.stderr()).isZero();
        assertThat(sql.stdout()).isEqualTo("n\n" + generated.lines() + "\n");
    }

    private static Path builtArchive() throws Exception {
        try (Stream<Path> files = Files.list(Paths.get("target"))) {
            List<Path> archives =
                    files.filter(
                                    file ->
                                            file.getFileName()
                                                    .toString()
                                                    .matches("logslice-.*\\.tar\\.gz"))
                            .toList();
            assertThat(archives).as("archives built by ./mvnw package").hasSize(1);
            return archives.get(0);
        }
    }

    private static Path onlyChild(Path folder) throws Exception {
        try (Stream<Path> children = Files.list(folder)) {
            List<Path> all = children.toList();
            assertThat(all).hasSize(1);
            return all.get(0);
        }
    }
}
