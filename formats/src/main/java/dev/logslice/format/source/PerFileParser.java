package dev.logslice.format.source;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.Line;
import dev.logslice.format.FileStart;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;

import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.function.Predicate;

/**
 * The parser for the file being read, of that file's format ({@link FileFormats}), made afresh when
 * the file changes: its reference time is the file's modification time (the year of syslog lines).
 * For the decoders that parse in the source's fetch thread; one instance per decoder, so per
 * reader.
 */
public final class PerFileParser implements Serializable {
    private static final long serialVersionUID = 1L;

    private final FileFormats formats;
    private final boolean anyMultiLine;
    private final ZoneId zone;
    @Nullable private transient Path currentPath;
    private transient String currentFile;
    private transient String currentName;
    private transient LogFormat currentFormat;
    private transient LogParser parser;

    public PerFileParser(FileFormats formats, ZoneId zone) {
        this.formats = formats;
        this.anyMultiLine = formats.anyMultiLine();
        this.zone = zone;
    }

    /** The format of the file {@link #forFile} was last asked for. */
    public LogFormat format() {
        return currentFormat;
    }

    /** The parser for the lines of {@code path}. */
    public LogParser forFile(Path path) {
        // The reader gives every line of a split the same Path: compare by identity first, as
        // Path.toString and equals cost more than parsing a short line.
        if (path != currentPath) {
            String file = path.toString();
            if (!file.equals(currentFile)) {
                currentFormat = formats.of(file);
                parser =
                        FileStart.skippedBy(
                                currentFormat.newParser(
                                        ParserContext.of(zone, modificationTime(path))));
                currentFile = file;
                currentName = LocalPaths.plain(file);
            }
            currentPath = path;
        }
        return parser;
    }

    /**
     * The name of the file {@link #forFile} was last asked for, as events carry it: a local file by
     * its plain path ({@code /var/log/x}), as users know it, not by the source's URI.
     */
    public String currentFile() {
        return currentName;
    }

    /**
     * For {@link dev.logslice.connector.source.LineDecoder#eventStarts()}: the lines that start an
     * event of a multi-line format (they parse; every line of a single-line format does); null when
     * no file's format is multi-line.
     */
    @Nullable
    public Predicate<Line> eventStarts() {
        if (!anyMultiLine) {
            return null;
        }
        return line -> {
            LogParser lineParser = forFile(line.file());
            return !currentFormat.multiLine()
                    || lineParser.tryParse(
                                    line.buffer(),
                                    line.start(),
                                    line.length(),
                                    currentFile,
                                    line.offset())
                            != null;
        };
    }

    private static Instant modificationTime(Path file) {
        try {
            return Instant.ofEpochMilli(
                    file.getFileSystem().getFileStatus(file).getModificationTime());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the modification time of " + file, e);
        }
    }
}
