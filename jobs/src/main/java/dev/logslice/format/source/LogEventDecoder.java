package dev.logslice.format.source;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParseResult;
import dev.logslice.format.ParserContext;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneId;

/**
 * Parses the source's lines into events in its fetch thread, for single-line formats. Each file
 * gets a parser whose reference time is the file's modification time (the year of syslog lines).
 * Multi-line formats need the reader to apply {@link
 * dev.logslice.format.multiline.SplitEventReader} instead, and are refused here.
 */
public final class LogEventDecoder implements LineDecoder<ParseResult> {
    private static final long serialVersionUID = 1L;

    private final LogFormat format;
    private final ZoneId zone;
    private transient String currentFile;
    private transient LogParser parser;

    public LogEventDecoder(LogFormat format, ZoneId zone) {
        if (format.multiLine()) {
            throw new IllegalArgumentException(
                    "format "
                            + format.name()
                            + " has multi-line events; decode its lines with"
                            + " SplitEventReader in the split reader");
        }
        this.format = format;
        this.zone = zone;
    }

    @Override
    public ParseResult decode(Line line) {
        String file = line.file().toString();
        if (!file.equals(currentFile)) {
            parser = format.newParser(ParserContext.of(zone, modificationTime(line.file())));
            currentFile = file;
        }
        return parser.parse(line.buffer(), line.start(), line.length(), file, line.offset());
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
