package dev.logslice.connector.enumerator;

import org.apache.flink.core.fs.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** How {@link InputPaths} turns files, directories, globs and links into the files to read. */
class InputPathsTest {
    @TempDir java.nio.file.Path dir;

    @Test
    void expandsAGlobInTheLastComponentInNameOrder() throws IOException {
        create("nginx/access.log.2", "nginx/access.log", "nginx/access.log.1", "nginx/error.log");

        assertThat(names(expand(dir + "/nginx/access.log*")))
                .containsExactly("nginx/access.log", "nginx/access.log.1", "nginx/access.log.2");
    }

    @Test
    void doubleStarCrossesAnyNumberOfDirectoriesIncludingNone() throws IOException {
        create("logs/top.log", "logs/a/one.log", "logs/a/b/two.log", "logs/a/b/two.txt");

        assertThat(names(expand(dir + "/logs/**/*.log")))
                .containsExactly("logs/a/b/two.log", "logs/a/one.log", "logs/top.log");
    }

    @Test
    void aGlobInADirectoryComponentReadsTheDirectoriesItMatches() throws IOException {
        create("2024-01/app.log", "2024-01/deep/app.log", "2024-02/app.log", "2023-12/app.log");

        assertThat(names(expand(dir + "/2024-*")))
                .containsExactly("2024-01/app.log", "2024-01/deep/app.log", "2024-02/app.log");
        assertThat(names(expand(dir + "/2024-*/app.log")))
                .containsExactly("2024-01/app.log", "2024-02/app.log");
    }

    @Test
    void aGlobSkipsHiddenAndUnderscoreNames() throws IOException {
        create("logs/app.log", "logs/.app.log", "logs/_tmp.log", "logs/.git/x.log");

        assertThat(names(expand(dir + "/logs/**/*.log"))).containsExactly("logs/app.log");
    }

    @Test
    void aGlobThatMatchesNothingGivesNoFile() throws IOException {
        create("logs/app.log");

        assertThat(expand(dir + "/logs/*.gz").files()).isEmpty();
        assertThat(expand(dir + "/missing/*.log").files()).isEmpty();
        assertThat(InputPaths.holdsAFile(new Path(dir + "/logs/*.gz"))).isFalse();
        assertThat(InputPaths.holdsAFile(new Path(dir + "/logs/*.log"))).isTrue();
    }

    @Test
    void aFileWhoseNameHasGlobCharactersIsReadAsNamed() throws IOException {
        create("logs/app[1].log", "logs/app1.log");

        assertThat(names(expand(dir + "/logs/app[1].log"))).containsExactly("logs/app[1].log");
        assertThat(names(expand(dir + "/logs/app[0-9].log"))).containsExactly("logs/app1.log");
    }

    @Test
    void aMissingFileIsAnError() {
        assertThatThrownBy(() -> expand(dir + "/missing.log"))
                .isInstanceOf(java.io.FileNotFoundException.class)
                .hasMessageContaining("missing.log");
    }

    @Test
    void keepsTheOrderOfThePathsAndSortsWithinEach() throws IOException {
        create("b/2.log", "b/1.log", "a.log", "c/z.log", "c/y/x.log");

        assertThat(names(expand(dir + "/b", dir + "/a.log", dir + "/c")))
                .containsExactly("b/1.log", "b/2.log", "a.log", "c/y/x.log", "c/z.log");
    }

    @Test
    void readsAFileReachedTwiceOnceWhereItFirstComes() throws IOException {
        create("logs/a.log", "logs/b.log");
        Files.createSymbolicLink(dir.resolve("logs/c-link.log"), dir.resolve("logs/a.log"));

        assertThat(
                        names(
                                expand(
                                        dir + "/logs/b.log",
                                        dir + "/logs",
                                        dir + "/logs/a.log",
                                        dir + "/logs/*.log")))
                .containsExactly("logs/b.log", "logs/a.log");
    }

    @Test
    void followsLinksToDirectoriesAndReportsALoopInsteadOfFollowingIt() throws IOException {
        create("logs/app.log", "elsewhere/other.log");
        Files.createSymbolicLink(dir.resolve("logs/more"), dir.resolve("elsewhere"));
        Files.createSymbolicLink(dir.resolve("logs/loop"), dir.resolve("logs"));

        InputPaths.Expansion expansion = expand(dir + "/logs");

        assertThat(names(expansion)).containsExactly("logs/app.log", "logs/more/other.log");
        assertThat(expansion.skipped())
                .singleElement()
                .asString()
                .contains("logs/loop")
                .contains("loop");
    }

    @Test
    void saysNothingOfALoopWhereTheWalkWouldNotGo() throws IOException {
        create("logs/app.log");
        Files.createSymbolicLink(dir.resolve("logs/.loop"), dir.resolve("logs"));
        Files.createSymbolicLink(dir.resolve("logs/loop"), dir.resolve("logs"));

        assertThat(expand(dir + "/logs").skipped()).hasSize(1);
        assertThat(expand(dir + "/logs/*.log").skipped()).isEmpty();
        assertThat(names(expand(dir + "/logs/*.log"))).containsExactly("logs/app.log");
    }

    @Test
    void reportsABrokenLink() throws IOException {
        create("logs/app.log");
        Files.createSymbolicLink(dir.resolve("logs/gone.log"), dir.resolve("nowhere.log"));

        InputPaths.Expansion expansion = expand(dir + "/logs");

        assertThat(names(expansion)).containsExactly("logs/app.log");
        assertThat(expansion.skipped()).singleElement().asString().contains("gone.log");
    }

    @Test
    void reportsALinkLoopAsALoopNotAsABrokenLink() throws IOException {
        create("logs/app.log");
        Files.createSymbolicLink(dir.resolve("logs/a.log"), dir.resolve("logs/b.log"));
        Files.createSymbolicLink(dir.resolve("logs/b.log"), dir.resolve("logs/a.log"));
        Files.createSymbolicLink(dir.resolve("logs/self.log"), dir.resolve("logs/self.log"));

        InputPaths.Expansion expansion = expand(dir + "/logs");

        assertThat(names(expansion)).containsExactly("logs/app.log");
        assertThat(expansion.skipped())
                .containsExactlyInAnyOrder(
                        dir.resolve("logs/a.log") + ": symbolic link loop, skipped",
                        dir.resolve("logs/b.log") + ": symbolic link loop, skipped",
                        dir.resolve("logs/self.log") + ": symbolic link loop, skipped");
    }

    @Test
    void aLinkLoopOrBrokenLinkNamedIsAnErrorThatSaysSo() throws IOException {
        Files.createSymbolicLink(dir.resolve("a"), dir.resolve("b"));
        Files.createSymbolicLink(dir.resolve("b"), dir.resolve("a"));
        Files.createSymbolicLink(dir.resolve("gone.log"), dir.resolve("nowhere.log"));

        assertThatThrownBy(() -> expand(dir + "/a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("input path " + dir.resolve("a") + " is a symbolic link loop");
        assertThatThrownBy(() -> expand(dir + "/gone.log"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "input path "
                                + dir.resolve("gone.log")
                                + " is a broken symbolic link (to "
                                + dir.resolve("nowhere.log")
                                + ")");
    }

    @Test
    void aCompressionNotReadIsSkippedInAFolderAndRefusedNamed() throws IOException {
        create("logs/app.log", "logs/old.log.7z", "logs/older.log.lz4", "logs/oldest.log.xz");

        InputPaths.Expansion expansion = expand(dir + "/logs");

        assertThat(names(expansion)).containsExactly("logs/app.log", "logs/oldest.log.xz");
        assertThat(expansion.skipped())
                .containsExactlyInAnyOrder(
                        dir.resolve("logs/old.log.7z") + ": 7z-compressed, not read, skipped",
                        dir.resolve("logs/older.log.lz4") + ": lz4-compressed, not read, skipped");
        assertThatThrownBy(() -> expand(dir + "/logs/older.log.lz4"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "input path "
                                + dir.resolve("logs/older.log.lz4")
                                + " is lz4-compressed, which logslice does not read (gzip, zstd,"
                                + " bzip2 and xz it does); decompress it, or pipe it in as '-'");
    }

    @Test
    void globsAreForLocalPathsOnly() {
        assertThatThrownBy(() -> expand("hdfs://namenode:8020/logs/*.log"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("local paths only");
    }

    @Test
    void aFifoInADirectoryIsSkippedAndReported() throws Exception {
        create("logs/app.log");
        java.nio.file.Path fifo = dir.resolve("logs/pipe");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo works here");

        InputPaths.Expansion expansion = expand(dir + "/logs");

        assertThat(names(expansion)).containsExactly("logs/app.log");
        assertThat(expansion.skipped())
                .singleElement()
                .asString()
                .contains("logs/pipe")
                .contains("a FIFO");
    }

    @Test
    void aFileWhoseNameIsNoUtf8IsSkippedAndReportedNotListedUnderANameThatIsNoFile()
            throws Exception {
        create("logs/app.log");
        // Java cannot write such a name from a String; the shell writes the bytes (Latin-1 é).
        Process touch =
                new ProcessBuilder("sh", "-c", "printf 'x\\n' > \"$(printf 'caf\\351.log')\"")
                        .directory(dir.resolve("logs").toFile())
                        .start();
        org.junit.jupiter.api.Assumptions.assumeTrue(touch.waitFor() == 0, "sh works here");

        InputPaths.Expansion expansion = expand(dir + "/logs");

        assertThat(names(expansion)).containsExactly("logs/app.log");
        assertThat(expansion.skipped())
                .singleElement()
                .asString()
                .contains("logs/caf")
                .contains("not valid UTF-8");
    }

    @Test
    void anExistingFileWouldBeReadExactlyWhenTheWalkTakesIt() throws IOException {
        create(
                "logs/app.log",
                "logs/app.log.1",
                "logs/.hidden.log",
                "logs/_tmp/x.log",
                "logs/a/deep.log",
                "logs/a/deep.txt",
                "other/app.log");
        List<java.nio.file.Path> files;
        try (var walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        for (String input :
                List.of(
                        dir + "/logs",
                        dir + "/logs/",
                        dir + "/logs/*.log",
                        dir + "/logs/**/*.log",
                        dir + "/logs/a",
                        dir + "/logs/app.log",
                        dir + "/log*/app.log*",
                        dir + "/other/../logs/a")) {
            List<String> read = names(expand(input));
            for (java.nio.file.Path file : files) {
                assertThat(InputPaths.wouldRead(input, file))
                        .as("%s reads %s", input, file)
                        .isEqualTo(read.contains(dir.relativize(file).toString()));
            }
        }
    }

    @Test
    void aFileStillToBeMadeInAnInputFolderWouldBeRead() throws IOException {
        create("logs/app.log", "elsewhere/app.log");
        java.nio.file.Path linkToLogs =
                Files.createSymbolicLink(dir.resolve("link"), dir.resolve("logs"));

        assertThat(InputPaths.wouldRead(dir + "/logs", dir.resolve("logs/report.json"))).isTrue();
        assertThat(InputPaths.wouldRead(dir + "/logs", dir.resolve("logs/new/deep/r.csv")))
                .isTrue();
        assertThat(InputPaths.wouldRead(dir + "/logs", linkToLogs.resolve("report.json"))).isTrue();
        assertThat(InputPaths.wouldRead(dir + "/link", dir.resolve("logs/app.log"))).isTrue();
        assertThat(InputPaths.wouldRead(dir + "/logs/*.log", dir.resolve("logs/r.json"))).isFalse();
        assertThat(InputPaths.wouldRead(dir + "/logs", dir.resolve("logs/.report.json"))).isFalse();
        assertThat(InputPaths.wouldRead(dir + "/logs", dir.resolve("elsewhere/r.json"))).isFalse();
        assertThat(InputPaths.wouldRead(dir + "/logs", dir.resolve("logs-2/r.json"))).isFalse();
        assertThat(InputPaths.wouldRead("s3://bucket/logs", dir.resolve("logs/r.json"))).isFalse();
        assertThat(InputPaths.wouldRead("file://" + dir + "/logs", dir.resolve("logs/r.json")))
                .isTrue();
    }

    /**
     * A kernel's pseudo-file says it holds 0 bytes whatever it holds: read up to that size it would
     * be a file of no line. Named, the command copies it whole; in a folder it is said and left
     * out, as a FIFO there is.
     */
    @Test
    void pseudoFilesInAFolderAreSkippedAndSaid() throws IOException {
        String random = "/proc/sys/kernel/random";
        assumeTrue(Files.isDirectory(java.nio.file.Path.of(random)), "a Linux /proc");

        InputPaths.Expansion expansion = expand(random);

        assertThat(expansion.files()).isEmpty();
        assertThat(expansion.skipped())
                .isNotEmpty()
                .allSatisfy(
                        line ->
                                assertThat(line)
                                        .startsWith(random + "/")
                                        .endsWith(
                                                ": a kernel pseudo-file (its size says 0 whatever"
                                                        + " it holds); name it to read it,"
                                                        + " skipped"));
    }

    private InputPaths.Expansion expand(String... paths) throws IOException {
        List<Path> flinkPaths = new ArrayList<>();
        for (String path : paths) {
            flinkPaths.add(new Path(path));
        }
        return InputPaths.expand(flinkPaths);
    }

    /** The files as paths relative to the test directory. */
    private List<String> names(InputPaths.Expansion expansion) {
        return expansion.files().stream()
                .map(file -> dir.relativize(java.nio.file.Paths.get(file.path().toUri())))
                .map(java.nio.file.Path::toString)
                .toList();
    }

    private void create(String... names) throws IOException {
        for (String name : names) {
            java.nio.file.Path file = dir.resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, name + "\n");
        }
    }
}
