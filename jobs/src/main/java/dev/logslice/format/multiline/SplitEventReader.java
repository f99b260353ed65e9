package dev.logslice.format.multiline;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParseResult;

import java.util.function.Consumer;

/**
 * Applies the event ownership rule to one split of a file, on top of the source's line rule (a line
 * belongs to the split that holds its first byte).
 *
 * <h2>The event contract</h2>
 *
 * <ul>
 *   <li>An event belongs to the split that holds the first byte of its first line.
 *   <li>A split that does not start the file skips its leading lines until one starts an event:
 *       they continue an event of an earlier split.
 *   <li>The owner of an event still open at the end of its split reads on past the end, line by
 *       line ({@link #lineAfterEnd}), through every continuation line, across as many later splits
 *       as it takes, and stops at the first line that starts an event.
 *   <li>Lines before the first event of a file are malformed, reported by the split that starts the
 *       file, which reads on past its end until an event starts if need be.
 * </ul>
 *
 * <p>So the events of all splits are the events of the whole file, each exactly once. For
 * single-line formats this is the line rule itself: nothing is skipped, nothing read past the end.
 * A checkpoint must hold the offset of the next event's first line (the line that made {@link
 * #lineAfterEnd} return false, or that ended the last emitted event), not of a line.
 */
public final class SplitEventReader {
    private final EventAssembler assembler;
    private boolean skipping;

    /**
     * A reader of one split.
     *
     * @param startsFile whether the split starts at the file's first byte
     */
    public SplitEventReader(
            LogFormat format, LogParser parser, boolean startsFile, Consumer<ParseResult> sink) {
        this.assembler = new EventAssembler(format, parser, sink);
        this.skipping = format.multiLine() && !startsFile;
    }

    /** Takes the next line that starts inside the split. */
    public void lineInSplit(byte[] bytes, int start, int length, String file, long offset) {
        if (skipping) {
            if (!assembler.startsEvent(bytes, start, length, file, offset)) {
                return;
            }
            skipping = false;
        }
        assembler.accept(bytes, start, length, file, offset);
    }

    /**
     * Whether lines after the split's end must be read: its last event is still open, or no event
     * has started since the file's start, so the lines up to the first event are this split's.
     */
    public boolean wantsLinesAfterEnd() {
        return !skipping && assembler.isOpen();
    }

    /**
     * Takes the next line after the split's end: true when it continued the open event, false when
     * it starts an event of a later split (then stop reading and call {@link #finish()}).
     */
    public boolean lineAfterEnd(byte[] bytes, int start, int length, String file, long offset) {
        return !skipping && assembler.acceptContinuation(bytes, start, length, file, offset);
    }

    /** Emits the open event, if any; call at the end of the split's reading. */
    public void finish() {
        assembler.finish();
    }
}
