package dev.logslice.format.log4j;

import dev.logslice.format.LogFormat;
import dev.logslice.format.layout.Layout;
import dev.logslice.format.layout.LayoutFormat;

import java.util.List;
import java.util.stream.Collectors;

/** Multi-line formats of PatternLayout strings. */
public final class Log4jFormats {
    private Log4jFormats() {}

    /** A format that tries the given PatternLayouts in order; events span several lines. */
    public static LogFormat of(String name, List<String> patterns) {
        List<Layout> layouts =
                patterns.stream().map(PatternLayoutCompiler::compile).collect(Collectors.toList());
        return new LayoutFormat(name, layouts, true);
    }
}
