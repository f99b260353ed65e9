package dev.logslice.format.layout;

import dev.logslice.format.Field;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Set;

/** A format made of one or more layouts, tried in order on each line. */
public final class LayoutFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final List<Layout> layouts;
    private final boolean multiLine;
    @Nullable private final TrailingFields trailing;
    @Nullable private final EventCheck check;

    public LayoutFormat(String name, List<Layout> layouts, boolean multiLine) {
        this(name, layouts, multiLine, null, null);
    }

    private LayoutFormat(
            String name,
            List<Layout> layouts,
            boolean multiLine,
            @Nullable TrailingFields trailing,
            @Nullable EventCheck check) {
        if (layouts.isEmpty()) {
            throw new IllegalArgumentException("format " + name + " has no layout");
        }
        this.name = name;
        this.layouts = List.copyOf(layouts);
        this.multiLine = multiLine;
        this.trailing = trailing;
        this.check = check;
    }

    /** This format, its lines' bytes past their layout read by {@code trailing}. */
    public LayoutFormat readingTrailing(TrailingFields trailing) {
        return new LayoutFormat(name, layouts, multiLine, trailing, check);
    }

    /** This format, a layout's match its event only where {@code check} admits it. */
    public LayoutFormat admitting(EventCheck check) {
        return new LayoutFormat(name, layouts, multiLine, trailing, check);
    }

    @Override
    public String name() {
        return name;
    }

    public List<Layout> layouts() {
        return layouts;
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new LayoutParser(layouts, context, trailing, check, null);
    }

    @Override
    public LogParser newParser(ParserContext context, Set<Field> fieldsRead) {
        // A check reads fields of its own, and a multi-line event's assembly its first line's.
        return check != null || multiLine
                ? newParser(context)
                : new LayoutParser(layouts, context, trailing, null, fieldsRead);
    }

    @Override
    public boolean multiLine() {
        return multiLine;
    }

    @Override
    public String toString() {
        return name + " " + layouts;
    }
}
