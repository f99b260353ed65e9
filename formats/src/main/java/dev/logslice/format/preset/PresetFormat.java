package dev.logslice.format.preset;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.layout.LayoutFormat;
import dev.logslice.format.multiline.ContinuationLines;

import javax.annotation.Nullable;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A format of {@link LayoutSpec} layouts tried in order, whose levels may be checked and renamed.
 */
final class PresetFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    private final LayoutFormat layouts;
    private final ContinuationLines continuations;
    @Nullable private final LevelNames levels;

    PresetFormat(
            String name,
            ContinuationLines continuations,
            @Nullable LevelNames levels,
            List<String> specs) {
        this.layouts =
                new LayoutFormat(
                        name,
                        specs.stream().map(LayoutSpec::compile).collect(Collectors.toList()),
                        continuations != ContinuationLines.NONE);
        this.continuations = continuations;
        this.levels = levels;
    }

    @Override
    public String name() {
        return layouts.name();
    }

    @Override
    public boolean multiLine() {
        return layouts.multiLine();
    }

    @Override
    public ContinuationLines continuationLines() {
        return continuations;
    }

    @Override
    public LogParser newParser(ParserContext context) {
        LogParser parser = layouts.newParser(context);
        return levels == null ? parser : new LevelCheckingParser(parser, levels);
    }

    /** Rejects lines whose level the format does not write, and renames the others. */
    private static final class LevelCheckingParser implements LogParser {
        private final LogParser parser;
        private final LevelNames levels;
        private final ByteSpan level = new ByteSpan();
        private boolean unknownLevel;

        LevelCheckingParser(LogParser parser, LevelNames levels) {
            this.parser = parser;
            this.levels = levels;
        }

        @Nullable
        @Override
        public LogEvent tryParse(byte[] bytes, int start, int length, String file, long offset) {
            return checked(parser.tryParse(bytes, start, length, file, offset));
        }

        @Nullable
        @Override
        public LogEvent tryParseTransient(
                byte[] bytes, int start, int length, String file, long offset) {
            return checked(parser.tryParseTransient(bytes, start, length, file, offset));
        }

        @Nullable
        private LogEvent checked(@Nullable LogEvent event) {
            unknownLevel = false;
            if (event == null || !event.span(Field.LEVEL, level)) {
                return event;
            }
            int index = levels.indexOf(level);
            if (index < 0) {
                unknownLevel = true;
                return null;
            }
            if (levels.renames()) {
                event.setString(Field.LEVEL, levels.reported(index));
            }
            return event;
        }

        @Override
        public String failureReason() {
            return unknownLevel
                    ? "the level is none of " + levels.written()
                    : parser.failureReason();
        }
    }
}
