package dev.logslice.format.detect;

import dev.logslice.format.FileStart;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.ParserContext;
import dev.logslice.format.multiline.EventAssembler;

import java.util.ArrayList;
import java.util.List;

/**
 * The events of a file's sampled first lines as a job reads them: assembled ({@link
 * EventAssembler}), so that they hold the fields of their later lines (the slow query log's query
 * time, user and time), which a line alone lacks; the lines that are no event left out.
 */
public final class EventSample {
    private EventSample() {}

    /**
     * @param lines the file's first lines, in order, without terminators ({@link LineSample})
     * @param file the file's name, as events carry it
     */
    public static List<LogEvent> of(
            LogFormat format, ParserContext context, List<byte[]> lines, String file) {
        List<LogEvent> events = new ArrayList<>();
        EventAssembler assembler =
                new EventAssembler(
                        format,
                        FileStart.skippedBy(format.newParser(context)),
                        result -> {
                            if (result instanceof LogEvent event) {
                                events.add(event);
                            }
                        });
        long offset = 0;
        for (byte[] line : lines) {
            assembler.accept(line, 0, line.length, file, offset);
            // Only the first line's offset, 0, matters: what a file's start may hold is skipped.
            offset += line.length + 1;
        }
        assembler.finish();
        return events;
    }
}
