package dev.logslice.format;

import dev.logslice.format.multiline.ContinuationLines;

import javax.annotation.Nullable;

/**
 * A format that reads lines as another one does, then takes more from each event than that one does
 * (the context after an nginx error message, the offset of a zone name). Lines and continuations
 * are the other format's.
 */
public abstract class RefinedFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    private final LogFormat lines;

    protected RefinedFormat(LogFormat lines) {
        this.lines = lines;
    }

    /** Refines the events of one parser; may keep scratch state, as a parser does. */
    protected interface Refiner {
        /** Refines an event read from {@code line[start, ...)}, whose text is that line. */
        void refine(LogEvent event, byte[] line, int start);
    }

    /** A refiner for one parser. */
    protected abstract Refiner newRefiner();

    @Override
    public String name() {
        return lines.name();
    }

    @Override
    public boolean multiLine() {
        return lines.multiLine();
    }

    @Override
    public ContinuationLines continuationLines() {
        return lines.continuationLines();
    }

    @Override
    public final LogParser newParser(ParserContext context) {
        LogParser parser = lines.newParser(context);
        Refiner refiner = newRefiner();
        return new LogParser() {
            @Nullable
            @Override
            public LogEvent tryParse(
                    byte[] bytes, int start, int length, String file, long offset) {
                LogEvent event = parser.tryParse(bytes, start, length, file, offset);
                if (event != null) {
                    refiner.refine(event, bytes, start);
                }
                return event;
            }

            @Override
            public String failureReason() {
                return parser.failureReason();
            }
        };
    }
}
