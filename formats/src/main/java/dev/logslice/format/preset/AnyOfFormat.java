package dev.logslice.format.preset;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;

import javax.annotation.Nullable;

import java.util.List;

/** A format whose lines are read by the first of several formats that reads them. */
public final class AnyOfFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final List<LogFormat> formats;

    public AnyOfFormat(String name, List<LogFormat> formats) {
        this.name = name;
        this.formats = List.copyOf(formats);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public LogParser newParser(ParserContext context) {
        LogParser[] parsers =
                formats.stream().map(f -> f.newParser(context)).toArray(LogParser[]::new);
        return new LogParser() {
            @Nullable
            @Override
            public LogEvent tryParse(
                    byte[] bytes, int start, int length, String file, long offset) {
                for (LogParser parser : parsers) {
                    LogEvent event = parser.tryParse(bytes, start, length, file, offset);
                    if (event != null) {
                        return event;
                    }
                }
                return null;
            }

            @Override
            public String failureReason() {
                return parsers[parsers.length - 1].failureReason();
            }
        };
    }
}
