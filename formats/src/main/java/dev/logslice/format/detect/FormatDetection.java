package dev.logslice.format.detect;

import dev.logslice.format.LogFormat;
import dev.logslice.format.registry.FormatDefinition;

/** The format {@code --format auto} chose for a file, and how well it fits the sample. */
public final class FormatDetection {
    private final String source;
    private final FormatDefinition definition;
    private final LogFormat format;
    private final int fitting;
    private final int sampled;

    FormatDetection(
            String source,
            FormatDefinition definition,
            LogFormat format,
            int fitting,
            int sampled) {
        this.source = source;
        this.definition = definition;
        this.format = format;
        this.fitting = fitting;
        this.sampled = sampled;
    }

    public FormatDefinition definition() {
        return definition;
    }

    public LogFormat format() {
        return format;
    }

    /** Lines of the sample the format reads (events and their continuation lines). */
    public int fittingLines() {
        return fitting;
    }

    /** Non-blank lines in the sample. */
    public int sampledLines() {
        return sampled;
    }

    /** What to print: {@code access.log: format combined (50 of 50 lines fit)}. */
    @Override
    public String toString() {
        return source
                + ": format "
                + definition.name()
                + " ("
                + fitting
                + " of "
                + sampled
                + " first lines fit)";
    }
}
