package dev.logslice.format.slowlog;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Bytes;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.multiline.ContinuationLines;

import javax.annotation.Nullable;

/**
 * The MySQL, MariaDB and Percona slow query log: an entry opens with {@code # Time:} (left out when
 * the one before was logged in the same second, so then with {@code # User@Host:}), then {@code #
 * Key: value} lines, {@code SET timestamp=N;} and the query on any number of lines. The header
 * lines are read as another format does ({@code lines}: the time and the entry's start); the rest
 * of the entry's fields when it has all its lines ({@link SlowQueryEntry}).
 */
public final class SlowQueryLogFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    private static final String TIME = "# Time:";
    private static final String USER_HOST = "# User@Host:";

    private final LogFormat lines;

    public SlowQueryLogFormat(LogFormat lines) {
        this.lines = lines;
    }

    @Override
    public String name() {
        return lines.name();
    }

    @Override
    public boolean multiLine() {
        return true;
    }

    /** A query may hold any text. */
    @Override
    public ContinuationLines continuationLines() {
        return ContinuationLines.ANY;
    }

    @Override
    public LogParser newParser(ParserContext context) {
        LogParser parser = lines.newParser(context);
        ByteSpan text = new ByteSpan();
        return new LogParser() {
            @Nullable
            @Override
            public LogEvent tryParse(
                    byte[] bytes, int start, int length, String file, long offset) {
                return parser.tryParse(bytes, start, length, file, offset);
            }

            @Override
            public String failureReason() {
                return parser.failureReason();
            }

            /** {@code # User@Host:} right after the {@code # Time:} line is the same entry's. */
            @Override
            public boolean joinsHeader(LogEvent pending, byte[] bytes, int start, int length) {
                pending.text(text);
                return pending.lineCount() == 1
                        && Bytes.startsWith(text.bytes(), text.start(), text.end(), TIME)
                        && mayJoinHeader(bytes, start, length);
            }

            @Override
            public boolean mayJoinHeader(byte[] bytes, int start, int length) {
                return Bytes.startsWith(bytes, start, start + length, USER_HOST);
            }

            @Override
            public boolean completesFromLaterLines() {
                return true;
            }

            @Override
            public void complete(LogEvent event) {
                event.text(text);
                SlowQueryEntry.read(event, text.bytes(), text.start(), text.end());
            }
        };
    }
}
