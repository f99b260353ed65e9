package dev.logslice.format.source;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParseResult;
import dev.logslice.format.ParserContext;
import dev.logslice.format.multiline.EventAssembler;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Parses the source's lines into events in its fetch thread. Each file gets a parser whose
 * reference time is the file's modification time (the year of syslog lines).
 *
 * <p>For multi-line formats (Java logs with stack traces) the source keeps every event in the split
 * where its first line starts, asking {@link #eventStarts()} which lines start one; lines that do
 * not are folded into the event before them, which is emitted when the next one starts or when the
 * split ends.
 */
public final class LogEventDecoder implements LineDecoder<ParseResult> {
    private static final long serialVersionUID = 1L;

    private final LogFormat format;
    private final ZoneId zone;
    private transient String currentFile;
    private transient LogParser parser;
    private transient EventAssembler assembler;
    private transient ParseResult completed;

    public LogEventDecoder(LogFormat format, ZoneId zone) {
        this.format = format;
        this.zone = zone;
    }

    @Nullable
    @Override
    public ParseResult decode(Line line) {
        String file = line.file().toString();
        LogParser lineParser = parserFor(line.file());
        if (!format.multiLine()) {
            return lineParser.parse(
                    line.buffer(), line.start(), line.length(), file, line.offset());
        }
        if (assembler == null) {
            assembler = new EventAssembler(format, lineParser, result -> completed = result);
        }
        // A line completes at most one result: the event before it, or itself as malformed.
        assembler.accept(line.buffer(), line.start(), line.length(), file, line.offset());
        ParseResult result = completed;
        completed = null;
        return result;
    }

    @Nullable
    @Override
    public Predicate<Line> eventStarts() {
        if (!format.multiLine()) {
            return null;
        }
        return line ->
                parserFor(line.file())
                                .tryParse(
                                        line.buffer(),
                                        line.start(),
                                        line.length(),
                                        line.file().toString(),
                                        line.offset())
                        != null;
    }

    @Override
    public void finishSplit(SplitReport report, Consumer<ParseResult> output) {
        if (assembler != null) {
            assembler.finish();
            if (completed != null) {
                output.accept(completed);
                completed = null;
            }
            // The next split starts with an event of its own.
            assembler = null;
        }
    }

    private LogParser parserFor(Path path) {
        String file = path.toString();
        if (!file.equals(currentFile)) {
            parser = format.newParser(ParserContext.of(zone, modificationTime(path)));
            currentFile = file;
            assembler = null;
        }
        return parser;
    }

    private static Instant modificationTime(Path file) {
        try {
            return Instant.ofEpochMilli(
                    file.getFileSystem().getFileStatus(file).getModificationTime());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the modification time of " + file, e);
        }
    }

    @Override
    public TypeInformation<ParseResult> getProducedType() {
        return TypeInformation.of(ParseResult.class);
    }
}
