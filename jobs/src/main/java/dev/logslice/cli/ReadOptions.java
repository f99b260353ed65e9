package dev.logslice.cli;

import dev.logslice.connector.enumerator.BlockAlignedFileEnumerator;
import dev.logslice.connector.enumerator.InputFile;
import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.LogFileSourceBuilder;
import dev.logslice.connector.source.LogSourceOptions;
import dev.logslice.job.EmbeddedFlink;
import dev.logslice.job.EmbeddedMemory;
import dev.logslice.job.ReaderOutput;
import dev.logslice.report.InputFileNotes;

import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.Path;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.util.List;

/** How the input is read: options every job command shares. */
final class ReadOptions {
    @Option(
            names = {"-p", "--parallelism"},
            paramLabel = "N",
            description =
                    "Readers working at once (default: the number of cores, fewer for an input"
                            + " of less than 8 MiB a core).")
    int parallelism = Runtime.getRuntime().availableProcessors();

    @Option(
            names = "--split-size",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description = "Target size of the byte ranges files are cut into (default: 64m).")
    MemorySize splitSize = LogSourceOptions.SPLIT_SIZE.defaultValue();

    @Option(
            names = "--buffer-size",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description = "Bytes asked for by each read call (default: 1m).")
    MemorySize bufferSize = LogSourceOptions.READ_BUFFER_SIZE.defaultValue();

    @Option(
            names = "--max-line-length",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description = "Longer lines are skipped and reported (default: 64m).")
    MemorySize maxLineLength = LogSourceOptions.MAX_LINE_LENGTH.defaultValue();

    @Option(
            names = "--skip-missing",
            description =
                    "Skip files that are gone when their turn comes (rotated away after the job"
                            + " listed them), and report them, instead of failing.")
    boolean skipMissing;

    private static final long WORK_PER_READER = 8L << 20;
    private static final long FILE_OPEN_WORK = 64L << 10;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** The line length the last check allowed: what skipped lines were longer than. */
    private MemorySize lineLimit = maxLineLength;

    /**
     * Without {@code -p}, lowers the parallelism to what {@code paths} are worth (see {@link
     * #readersFor}). Paths that cannot be listed leave it as it is: the command reports them.
     */
    void fitToInput(List<String> paths) {
        if (paths.isEmpty()
                || paths.contains(SpooledInputs.STANDARD_INPUT)
                || command.commandLine().getParseResult().hasMatchedOption("-p")) {
            return;
        }
        try {
            parallelism = readersFor(InputFiles.all(paths), parallelism);
        } catch (RuntimeException e) {
            // The command lists them again and says what is wrong.
        }
    }

    /**
     * Readers worth deploying for {@code files}, at most {@code cores}: one per 8 MiB of work, a
     * compressed byte counting four (it inflates and is read by one reader) and opening a file as
     * much as reading 64 KiB. Each reader is a task per stage to deploy, schedule and finish: a
     * 1,000-line query took 3.4 s at -p 16 against 2.3 s at -p 2, with the same answer.
     */
    static int readersFor(List<InputFile> files, int cores) {
        long work = 0;
        for (InputFile file : files) {
            long bytes =
                    BlockAlignedFileEnumerator.isCompressed(file.path())
                            ? 4 * file.size()
                            : file.size();
            work += bytes + FILE_OPEN_WORK;
        }
        long readers = (work + WORK_PER_READER - 1) / WORK_PER_READER;
        return (int) Math.max(1, Math.min(cores, readers));
    }

    /**
     * A source builder for these options and paths; {@code build()} checks the inputs. Settings
     * that an embedded run's memory cannot hold are refused here, before the job; the default line
     * length is lowered to what it can. {@code output} is what the job makes of the lines.
     */
    LogFileSourceBuilder<String> sourceFor(List<String> paths, ReaderOutput output) {
        LogFileSourceBuilder<String> builder =
                LogFileSource.builder()
                        .setSplitSize(splitSize)
                        .setReadBufferSize(bufferSize)
                        .setMaxLineLength(checkedLineLimit(paths, output))
                        .setSkipMissingFiles(skipMissing);
        paths.forEach(path -> builder.addPath(new Path(path)));
        return builder;
    }

    /**
     * The longest line to read, after checking the options: parallelism, the number of splits they
     * make of the paths, and the memory the readers and their {@code output} need.
     */
    MemorySize checkedLineLimit(List<String> paths, ReaderOutput output) {
        if (parallelism < 1) {
            throw new IllegalArgumentException(
                    "parallelism " + parallelism + " must be at least 1");
        }
        if (splitSize.getBytes() == 0 || bufferSize.getBytes() == 0) {
            return maxLineLength; // no size at all: the source's builder refuses it, naming which
        }
        SplitCount.check(splitSize, paths);
        lineLimit =
                runsInThisJvm()
                        ? MemoryFit.lineLimit(EmbeddedMemory.ofThisJvm(), this, output)
                        : maxLineLength;
        return lineLimit;
    }

    /** The line length the last check allowed. */
    MemorySize lineLimit() {
        return lineLimit;
    }

    /**
     * Says in one line that {@code lines} lines were too long and skipped, as scan and stats count
     * them; nothing when none were.
     */
    void noteOversized(long lines, PrintStream err) {
        if (lines > 0) {
            err.println(InputFileNotes.oversized(lines, lineLimit.getBytes()));
        }
    }

    /** Embedded, not on {@code --cluster} nor under {@code flink run}. */
    private boolean runsInThisJvm() {
        OptionSpec cluster = command == null ? null : command.findOption("--cluster");
        return (cluster == null || cluster.getValue() == null) && EmbeddedFlink.runsHere();
    }
}
