package dev.logslice.format.preset;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.layout.EventCheck;
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

    PresetFormat(
            String name,
            ContinuationLines continuations,
            @Nullable LevelNames levels,
            List<String> specs) {
        this(name, continuations, specs, levels == null ? null : new LevelCheck(levels));
    }

    /** A format whose layouts' matches are its events only where {@code check} admits them. */
    PresetFormat(
            String name,
            ContinuationLines continuations,
            List<String> specs,
            @Nullable EventCheck check) {
        LayoutFormat format =
                new LayoutFormat(
                        name,
                        specs.stream().map(LayoutSpec::compile).collect(Collectors.toList()),
                        continuations != ContinuationLines.NONE);
        this.layouts = check == null ? format : format.admitting(check);
        this.continuations = continuations;
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
        return layouts.newParser(context);
    }

    /**
     * Admits the lines whose level the format writes, and renames it; a line whose level a layout
     * read is none of them is left to the next layout ("INFO - Started - ok" is no logger "INFO" at
     * level "Started").
     */
    private static final class LevelCheck implements EventCheck {
        private static final long serialVersionUID = 1L;

        private final LevelNames levels;

        LevelCheck(LevelNames levels) {
            this.levels = levels;
        }

        @Override
        public boolean admits(LogEvent event, ByteSpan level) {
            if (!event.span(Field.LEVEL, level)) {
                return true;
            }
            int index = levels.indexOf(level);
            if (index < 0) {
                return false;
            }
            if (levels.renames()) {
                event.setString(Field.LEVEL, levels.reported(index));
            }
            return true;
        }

        @Override
        public String refusal() {
            return "the level is none of " + levels.written();
        }
    }
}
