package dev.logslice.connector.source;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link LogFileSourceBuilder#build()}: the options it takes and the errors it names. */
class LogFileSourceBuilderTest {
    @TempDir java.nio.file.Path dir;
    private Path logFile;

    @BeforeEach
    void createLogFile() throws IOException {
        logFile = path(Files.write(dir.resolve("app.log"), "a\nb\n".getBytes()));
    }

    @Test
    void buildsWithTheDefaults() {
        LogFileSource<String> source = LogFileSource.builder().addPath(logFile).build();

        assertThat(source.settings())
                .isEqualTo(new LogSourceSettings(64L << 20, 2, 1 << 20, 64 << 20, false));
    }

    @Test
    void takesOptionsFromItsSettersAndFromAConfiguration() {
        LogFileSource<String> fromSetters =
                LogFileSource.builder()
                        .addPath(logFile)
                        .setSplitSize(MemorySize.parse("8k"))
                        .setReadBufferSize(MemorySize.parse("4k"))
                        .setMaxLineLength(MemorySize.parse("100b"))
                        .setMinSplitsPerReader(3)
                        .setSkipMissingFiles(true)
                        .build();
        Configuration configuration = new Configuration();
        configuration.setString("logslice.source.split-size", "8k");
        configuration.setString("logslice.source.read-buffer-size", "4k");
        configuration.setString("logslice.source.max-line-length", "100b");
        configuration.setString("logslice.source.min-splits-per-reader", "3");
        configuration.setString("logslice.source.skip-missing-files", "true");
        LogFileSource<String> fromConfiguration =
                LogFileSource.builder().addPath(logFile).setConfiguration(configuration).build();

        assertThat(fromSetters.settings())
                .isEqualTo(new LogSourceSettings(8192, 3, 4096, 100, true));
        assertThat(fromConfiguration.settings()).isEqualTo(fromSetters.settings());
    }

    @Test
    void rejectsABuilderWithoutPaths() {
        assertThatThrownBy(() -> LogFileSource.builder().build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no input path given");
    }

    @Test
    void rejectsAMissingPath() {
        Path missing = path(dir.resolve("missing.log"));

        assertThatThrownBy(() -> LogFileSource.builder().addPath(logFile).addPath(missing).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("input path " + missing)
                .hasMessageContaining("does not exist");
    }

    @Test
    void rejectsASymbolicLinkLoopAsALoop() throws IOException {
        Files.createSymbolicLink(dir.resolve("a"), dir.resolve("b"));
        Files.createSymbolicLink(dir.resolve("b"), dir.resolve("a"));
        Path loop = path(dir.resolve("a"));

        assertThatThrownBy(() -> LogFileSource.builder().addPath(loop).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("input path " + loop + " is a symbolic link loop");
    }

    /** A folder of a FIFO only says why its file is none, not only that names were skipped. */
    @Test
    void rejectsADirectoryWithOnlyAFifoNamingWhatIsSkipped() throws Exception {
        java.nio.file.Path fifoOnly = Files.createDirectories(dir.resolve("fifo-only"));
        Process mkfifo = new ProcessBuilder("mkfifo", fifoOnly.resolve("pipe").toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo works here");

        assertThatThrownBy(() -> LogFileSource.builder().addPath(path(fifoOnly)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("holds no input files")
                .hasMessageContaining("FIFOs, devices and /proc or /sys pseudo-files");
    }

    @Test
    void rejectsADirectoryWithOnlyHiddenFiles() throws IOException {
        java.nio.file.Path hiddenOnly = Files.createDirectories(dir.resolve("hidden-only"));
        Files.write(hiddenOnly.resolve(".x"), "a\n".getBytes());
        Files.write(hiddenOnly.resolve("_x"), "a\n".getBytes());
        Files.createDirectories(hiddenOnly.resolve("_temporary"));
        Files.write(hiddenOnly.resolve("_temporary/part-0.log"), "a\n".getBytes());
        Files.createDirectories(hiddenOnly.resolve("empty-subdirectory"));

        assertThatThrownBy(() -> LogFileSource.builder().addPath(path(hiddenOnly)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("directory " + path(hiddenOnly))
                .hasMessageContaining("holds no input files");
    }

    @Test
    void rejectsAGlobThatMatchesNoFile() {
        Path glob = new Path(dir + "/*.gz");

        assertThatThrownBy(() -> LogFileSource.builder().addPath(glob).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("input path " + glob + " matches no file");
    }

    @Test
    void acceptsAGlobThatMatchesAFile() {
        assertThat(LogFileSource.builder().addPath(new Path(dir + "/*.log")).build()).isNotNull();
    }

    @Test
    void rejectsAGlobOnAFileSystemOtherThanTheLocalOne() {
        assertThatThrownBy(
                        () ->
                                LogFileSource.builder()
                                        .addPath(new Path("s3://bucket/logs/*.log"))
                                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("globs are supported on local paths only");
    }

    @Test
    void acceptsADirectoryWhoseFilesAreNested() throws IOException {
        java.nio.file.Path nested = Files.createDirectories(dir.resolve("logs/2024/01"));
        Files.write(nested.resolve("app.log"), "a\n".getBytes());

        assertThat(LogFileSource.builder().addPath(path(dir.resolve("logs"))).build()).isNotNull();
    }

    @Test
    void rejectsASplitSizeThatIsNotABlockMultiple() {
        assertThatThrownBy(() -> builder().setSplitSize(new MemorySize(1000)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("split size 1000 must be a multiple of the block size 4096");
        assertThatThrownBy(() -> builder().setSplitSize(new MemorySize(0)).build())
                .hasMessage("split size 0 must be a multiple of the block size 4096");
    }

    @Test
    void rejectsAReadBufferSizeThatIsNotABlockMultiple() {
        assertThatThrownBy(() -> builder().setReadBufferSize(new MemorySize(4097)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("read buffer size 4097 must be a multiple of the block size 4096");
        assertThatThrownBy(() -> builder().setReadBufferSize(MemorySize.parse("1g")).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("read buffer size 1073741824 must be at most ");
    }

    @Test
    void rejectsAMaxLineLengthOutOfRange() {
        assertThatThrownBy(() -> builder().setMaxLineLength(new MemorySize(0)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max line length 0 must be between 1 and 1073741824");
        assertThatThrownBy(() -> builder().setMaxLineLength(MemorySize.parse("2g")).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max line length 2147483648 must be between 1 and 1073741824");
    }

    @Test
    void checksOptionsFromAConfigurationToo() {
        Configuration configuration = new Configuration();
        configuration.setString("logslice.source.split-size", "1000b");

        assertThatThrownBy(() -> builder().setConfiguration(configuration).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("split size 1000 must be a multiple of the block size 4096");
    }

    private LogFileSourceBuilder<String> builder() {
        return LogFileSource.builder().addPath(logFile);
    }

    private static Path path(java.nio.file.Path file) {
        return new Path(file.toUri());
    }
}
