package dev.logslice.cli;

import dev.logslice.format.testing.RealLogs;
import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.LogGenerator;

import org.apache.flink.util.FileUtils;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code ./logslice} launcher as users run it, after this build: it records its class data
 * sharing archive once, and later starts map it ({@code -Xshare:on} makes the JVM fail when the
 * archive does not match the jars) with nothing but the command's output on stdout; the SQL
 * planner's jars are on {@code sql}'s class path only; small inputs start with C1 alone; and it
 * runs from any folder through a link on {@code PATH}.
 */
class LauncherITCase {
    private static final Path ARCHIVES = Paths.get("target/cds");

    /** A line of {@code -Xlog:class+load}: a class and the jar it came from. */
    private static final Pattern LOADED_FROM_JAR =
            Pattern.compile(" source: (?:jar:)?file:(/[^!]+\\.jar)");

    @TempDir Path dir;

    @Test
    void recordsTheClassArchiveOnceAndStartsFromIt() throws Exception {
        Path log = RealLogs.file("hackers-access.log");
        FileUtils.deleteDirectory(ARCHIVES.toFile());
        Files.createDirectories(ARCHIVES);
        // One of an earlier build, one another java recorded after this build, one being recorded.
        Path earlierBuild = agedFile(ARCHIVES.resolve("logslice-1.jsa"));
        Path earlierBuildLog = agedFile(ARCHIVES.resolve("logslice-1.jsa.log"));
        Path otherJava = Files.createFile(ARCHIVES.resolve("logslice-2.jsa"));
        Path inProgress = agedFile(ARCHIVES.resolve("logslice-3.jsa.4242"));

        ProcessRun first = launch("", "scan", log.toString());
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        assertThat(first.stderr()).contains("recording a class archive");
        assertThat(first.stdout())
                .containsPattern("lines +" + String.format("%,d", lineCount(log)));
        try (var archives = Files.list(ARCHIVES)) {
            assertThat(archives.map(path -> path.getFileName().toString()))
                    .anyMatch(name -> name.endsWith(".jsa") && !name.startsWith("logslice-2."))
                    .contains("logslice-2.jsa", "logslice-3.jsa.4242")
                    .doesNotContain("logslice-1.jsa", "logslice-1.jsa.log");
        }
        assertThat(otherJava).exists();
        assertThat(inProgress).exists();
        assertThat(earlierBuild).doesNotExist();
        assertThat(earlierBuildLog).doesNotExist();

        ProcessRun grep = launch("-Xshare:on", "grep", "", log.toString());
        assertThat(grep.exitCode()).as(grep.stderr()).isZero();
        assertThat(grep.stderr()).doesNotContain("recording").doesNotContain("warning");
        assertThat(grep.stdout()).isEqualTo(Files.readString(log, StandardCharsets.ISO_8859_1));
    }

    /**
     * A java whose recordings fail (Java 25 failed them all before logslice ran stats there): the
     * launcher says so once, then starts without an archive instead of trying again every time.
     */
    @Test
    void aFailedRecordingIsNotTriedAgainAtEveryStart() throws Exception {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 16 * 1024, 3, log);
        Path realJava = Paths.get(System.getProperty("java.home"), "bin", "java");
        Path javaHome = Files.createDirectories(dir.resolve("failing-jdk/bin")).getParent();
        Files.writeString(javaHome.resolve("release"), "JAVA_VERSION=\"17.0.0\"\n");
        Path java = javaHome.resolve("bin/java");
        Files.writeString(
                java,
                "#!/usr/bin/env bash\n"
                        + "for arg; do [[ $arg == -XX:ArchiveClassesAtExit=* ]] && exit 1; done\n"
                        + "exec '"
                        + realJava
                        + "' \"$@\"\n");
        assertThat(java.toFile().setExecutable(true)).isTrue();
        Map<String, String> env = Map.of("JAVA_HOME", javaHome.toString());

        ProcessRun first = ProcessRun.launcher(dir, env, "scan", log.toString());
        ProcessRun second = ProcessRun.launcher(dir, env, "scan", log.toString());

        assertThat(first.exitCode()).as(first.stderr()).isZero();
        assertThat(first.stderr()).contains("recording a class archive", "no class archive");
        assertThat(second.exitCode()).as(second.stderr()).isZero();
        assertThat(second.stderrLines()).isEmpty();
        assertThat(second.stdout())
                .containsPattern("lines +" + String.format("%,d", lineCount(log)));
    }

    @Test
    void commandsButSqlStartWithoutThePlannersJars() throws Exception {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 16 * 1024, 3, log);

        // The JVM prints its class path with its other properties on stderr.
        ProcessRun scan = launch("-XshowSettings:properties", "scan", log.toString());

        assertThat(scan.exitCode()).as(scan.stderr()).isZero();
        assertThat(scan.stderr())
                .contains("java.class.path", "logslice-connectors")
                .doesNotContain("flink-table-planner", "logslice-table");
    }

    /**
     * The class data sharing archive skips every class of a signed jar, and the planner compiles
     * its code with janino, whose jars are signed: sql loads it from an unsigned copy instead.
     */
    @Test
    void sqlLoadsNoClassFromASignedJar() throws Exception {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 16 * 1024, 3, log);
        Path classLog = dir.resolve("classes.log");

        ProcessRun sql =
                launch(
                        "-Xlog:class+load=info:file=" + classLog,
                        "sql",
                        "SELECT status, COUNT(*) FROM logs GROUP BY status",
                        log.toString());

        assertThat(sql.exitCode()).as(sql.stderr()).isZero();
        List<String> loaded = Files.readAllLines(classLog);
        assertThat(loaded).anyMatch(line -> line.contains(" org.codehaus.janino."));
        Set<Path> jars = new TreeSet<>();
        for (String line : loaded) {
            Matcher jar = LOADED_FROM_JAR.matcher(line);
            if (jar.find()) {
                jars.add(Paths.get(jar.group(1)));
            }
        }
        assertThat(jars).isNotEmpty().noneMatch(LauncherITCase::isSigned);
    }

    private static boolean isSigned(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream()
                    .map(JarEntry::getName)
                    .anyMatch(name -> name.matches("META-INF/[^/]+\\.(SF|DSA|RSA|EC)"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A small input starts with C1 alone, also when another argument looks like a glob and names no
     * file: a regex, a query ({@code COUNT(*)}).
     */
    @Test
    void smallInputsStartWithC1AloneWhateverTheOtherArguments() throws Exception {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 16 * 1024, 3, log);

        for (List<String> command :
                List.of(
                        List.of("scan", log.toString()),
                        List.of("grep", "GET .*HTTP", log.toString()),
                        List.of("sql", "SELECT COUNT(*) FROM logs", log.toString()))) {
            // The JVM prints its flags' final values on stdout.
            ProcessRun run = launch("-XX:+PrintFlagsFinal", command.toArray(String[]::new));

            assertThat(run.exitCode()).as(run.stderr()).isZero();
            assertThat(run.stdout())
                    .as(command.get(0))
                    .containsPattern("TieredStopAtLevel +:?= 1 ");
        }
    }

    @Test
    void runsFromAnyFolderThroughALinkOnPath() throws Exception {
        Path log = dir.resolve("access.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 64 * 1024, 3, log);
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("logslice"), ProcessRun.LAUNCHER);
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));

        ProcessRun run =
                ProcessRun.of(
                        // bash finds logslice on the PATH given to it (Java looks in its own).
                        List.of("bash", "-c", "logslice scan \"$0\"", log.toString()),
                        elsewhere,
                        env -> env.put("PATH", bin + File.pathSeparator + env.get("PATH")));

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).containsPattern("lines +" + String.format("%,d", lineCount(log)));
    }

    @Test
    void namesOutsideAsciiWorkUnderThePosixLocale() throws Exception {
        Path log = dir.resolve("accès 日本.log");
        LogGenerator.write(GeneratedFormat.COMBINED, 64 * 1024, 3, log);

        // Under LC_ALL=C a JVM reads its arguments as ASCII: "acc??s ??????.log" is no file.
        ProcessRun run =
                ProcessRun.launcher(dir, Map.of("LC_ALL", "C", "LANG", ""), "scan", log.toString());

        assertThat(run.stderrLines()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).containsPattern("lines +" + String.format("%,d", lineCount(log)));
    }

    /** A file from long before this build. */
    private static Path agedFile(Path path) throws IOException {
        Files.createFile(path);
        Files.setLastModifiedTime(path, FileTime.from(Instant.parse("2001-01-01T00:00:00Z")));
        return path;
    }

    private static long lineCount(Path log) throws IOException {
        byte[] bytes = Files.readAllBytes(log);
        long lines = 0;
        for (byte b : bytes) {
            lines += b == '\n' ? 1 : 0;
        }
        return lines;
    }

    private ProcessRun launch(String javaOpts, String... args) throws Exception {
        return ProcessRun.launcher(dir, Map.of("LOGSLICE_JAVA_OPTS", javaOpts), args);
    }
}
