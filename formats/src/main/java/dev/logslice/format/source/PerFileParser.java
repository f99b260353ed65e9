package dev.logslice.format.source;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.format.Field;
import dev.logslice.format.FileStart;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;

import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.Set;

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

    /** The fields the events are read for, or null for all of them. */
    @Nullable private final EnumSet<Field> fieldsRead;

    @Nullable private transient Path currentPath;
    private transient String currentFile;
    private transient long currentModified;

    /** The file's length when it was last looked at. */
    private transient long seenLength;

    private transient String currentName;
    private transient LogFormat currentFormat;
    private transient LogParser parser;

    public PerFileParser(FileFormats formats, ZoneId zone) {
        this(formats, zone, null);
    }

    private PerFileParser(FileFormats formats, ZoneId zone, @Nullable EnumSet<Field> fieldsRead) {
        this.formats = formats;
        this.anyMultiLine = formats.anyMultiLine();
        this.zone = zone;
        this.fieldsRead = fieldsRead;
    }

    /**
     * Parsers of the same formats whose events are read for {@code fields} only ({@link
     * LogFormat#newParser(ParserContext, Set)}).
     */
    public PerFileParser readingOnly(Set<Field> fields) {
        EnumSet<Field> read = EnumSet.noneOf(Field.class);
        read.addAll(fields);
        return new PerFileParser(formats, zone, read);
    }

    /** The format of the file {@link #forFile} was last asked for. */
    public LogFormat format() {
        return currentFormat;
    }

    /**
     * The parser for the line at {@code offset} of {@code path}. Times logged without a year or a
     * date are dated from the file's modification time, which a file that grows while it is read (a
     * followed file) moves on: a line past the length last seen looks at the file again.
     */
    public LogParser forFile(Path path, long offset) {
        // The reader gives every line of a split the same Path: compare by identity first, as
        // Path.toString and equals cost more than parsing a short line.
        if (path != currentPath) {
            String file = path.toString();
            FileStatus status = status(path);
            if (!file.equals(currentFile) || status.getModificationTime() != currentModified) {
                newParser(file, status);
            }
            currentPath = path;
            seenLength = status.getLen();
        } else if (offset >= seenLength) {
            FileStatus status = status(path);
            if (status.getModificationTime() != currentModified) {
                newParser(currentFile, status);
            }
            // Read past its length and no longer: compressed, its offsets those of its text.
            seenLength = status.getLen() > offset ? status.getLen() : Long.MAX_VALUE;
        }
        return parser;
    }

    private void newParser(String file, FileStatus status) {
        currentFormat = formats.of(file);
        currentModified = status.getModificationTime();
        ParserContext context = ParserContext.of(zone, Instant.ofEpochMilli(currentModified));
        parser =
                FileStart.skippedBy(
                        fieldsRead == null
                                ? currentFormat.newParser(context)
                                : currentFormat.newParser(context, fieldsRead));
        currentFile = file;
        currentName = LocalPaths.plain(file);
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
     * event of a multi-line format (they parse; every line of a single-line format does) and can
     * join no header before them ({@link LogParser#mayJoinHeader}), so that a split's events are
     * those of the whole file; null when no file's format is multi-line.
     */
    @Nullable
    public EventStarts eventStarts() {
        if (!anyMultiLine) {
            return null;
        }
        return new EventStarts() {
            @Override
            public boolean startsRecord(Line line) {
                LogParser lineParser = forFile(line.file(), line.offset());
                return !currentFormat.multiLine()
                        || (lineParser.tryParse(
                                                line.buffer(),
                                                line.start(),
                                                line.length(),
                                                currentFile,
                                                line.offset())
                                        != null
                                && !lineParser.mayJoinHeader(
                                        line.buffer(), line.start(), line.length()));
            }

            @Override
            public boolean cutsLines(Path file) {
                return formats.of(file.toString()).cutsLines();
            }

            @Override
            public boolean leavesLineUnfinished(Line line) {
                LogParser lineParser = forFile(line.file(), line.offset());
                return currentFormat.multiLine()
                        && lineParser.leavesLineUnfinished(
                                line.buffer(), line.start(), line.length());
            }
        };
    }

    private static FileStatus status(Path file) {
        try {
            return file.getFileSystem().getFileStatus(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the modification time of " + file, e);
        }
    }
}
