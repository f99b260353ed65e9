package dev.logslice.format.layout;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.time.LocalTimeResolver;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/** Parses lines with the first of several layouts that matches. */
final class LayoutParser implements LogParser {
    private final Layout[] layouts;

    /** Per layout, per capture: the resolver of its timestamp (zone overrides get their own). */
    private final LocalTimeResolver[][] resolvers;

    /** Per layout: its straight-line matcher, or null. */
    private final CombinedSkeleton[] skeletons;

    /** Layouts a failure reason names one by one; of more, it names the closest. */
    private static final int MAX_LAYOUTS_NAMED = 4;

    private final LayoutMatcher matcher = new LayoutMatcher();
    private int failureColumn;
    private int closestLayout;

    /** The event {@link #tryParseTransient} gives each time. */
    @Nullable private LogEvent reusable;

    @Nullable private final TrailingFields trailing;
    @Nullable private final EventCheck check;

    /** Per layout: the indices of the captures to bind, those of the fields read. */
    private final int[][] boundCaptures;

    private final ByteSpan checkScratch = new ByteSpan();

    /** Whether the last line that no layout read had a match the check refused. */
    private boolean refused;

    /**
     * The last reason made, for {@link #reasonColumn} and {@link #reasonLayout}: a stack trace's
     * lines each fail at the same place, and their event's assembly asks the reason of each.
     */
    @Nullable private String reason;

    private int reasonColumn;
    private int reasonLayout;

    LayoutParser(
            List<Layout> layouts,
            ParserContext context,
            @Nullable TrailingFields trailing,
            @Nullable EventCheck check,
            @Nullable Set<Field> fieldsRead) {
        // What trails an access log's layout holds extras and the time served.
        this.trailing =
                fieldsRead == null
                                || fieldsRead.contains(Field.EXTRA)
                                || fieldsRead.contains(Field.REQUEST_TIME)
                        ? trailing
                        : null;
        this.check = check;
        this.layouts = layouts.toArray(new Layout[0]);
        this.boundCaptures = new int[this.layouts.length][];
        for (int l = 0; l < this.layouts.length; l++) {
            Capture[] captures = this.layouts[l].captures();
            boundCaptures[l] =
                    IntStream.range(0, captures.length)
                            .filter(c -> fieldsRead == null || reads(captures[c], fieldsRead))
                            .toArray();
        }
        this.resolvers = new LocalTimeResolver[this.layouts.length][];
        this.skeletons = new CombinedSkeleton[this.layouts.length];
        LocalTimeResolver shared = new LocalTimeResolver(context);
        for (int l = 0; l < this.layouts.length; l++) {
            skeletons[l] = CombinedSkeleton.of(this.layouts[l]);
            Capture[] captures = this.layouts[l].captures();
            resolvers[l] = new LocalTimeResolver[captures.length];
            for (int c = 0; c < captures.length; c++) {
                resolvers[l][c] =
                        captures[c].zone == null
                                ? shared
                                : new LocalTimeResolver(captures[c].zone, context.referenceTime());
            }
        }
    }

    @Nullable
    @Override
    public LogEvent tryParse(byte[] bytes, int start, int length, String file, long offset) {
        return match(bytes, start, length, file, offset, false);
    }

    @Nullable
    @Override
    public LogEvent tryParseTransient(
            byte[] bytes, int start, int length, String file, long offset) {
        return match(bytes, start, length, file, offset, true);
    }

    @Nullable
    private LogEvent match(
            byte[] bytes, int start, int length, String file, long offset, boolean transientEvent) {
        int end = start + length;
        int furthest = 0;
        int closest = 0;
        boolean refusedMatch = false;
        for (int l = 0; l < layouts.length; l++) {
            Layout layout = layouts[l];
            if (matcher.matches(layout, skeletons[l], resolvers[l], bytes, start, end)) {
                LogEvent event =
                        transientEvent
                                ? (reusable =
                                        LogEvent.viewing(
                                                reusable, file, offset, bytes, start, length))
                                : LogEvent.ofLine(file, offset, bytes, start, length);
                if (bound(l, event, bytes, end)) {
                    return event;
                }
                refusedMatch = true;
                continue;
            }
            if (matcher.failureColumn() > furthest) {
                furthest = matcher.failureColumn();
                closest = l;
            }
        }
        failureColumn = furthest;
        closestLayout = closest;
        refused = refusedMatch;
        return null;
    }

    /**
     * Binds the matched captures and what trails the layout to {@code event}; whether the check
     * admits it.
     */
    private boolean bound(int layout, LogEvent event, byte[] bytes, int end) {
        Capture[] captures = layouts[layout].captures();
        for (int c : boundCaptures[layout]) {
            CaptureBinder.bind(
                    captures[c], event, bytes, matcher.start(c), matcher.end(c), matcher.time(c));
        }
        if (trailing != null && matcher.matchEnd() < end) {
            trailing.read(bytes, matcher.matchEnd(), end, event);
        }
        return check == null || check.admits(event, checkScratch);
    }

    /** Whether binding {@code capture} sets one of {@code fields}. */
    private static boolean reads(Capture capture, Set<Field> fields) {
        switch (capture.binding) {
            case STRING:
                return fields.contains(capture.field);
            case STATUS:
                return fields.contains(Field.STATUS);
            case BYTES:
                return fields.contains(Field.BYTES);
            case PID:
                return fields.contains(Field.PID);
            case SECONDS:
            case MILLIS:
            case MICROS:
                return fields.contains(Field.REQUEST_TIME);
            case TIMESTAMP:
                return fields.contains(Field.TIMESTAMP);
            case REQUEST_LINE:
                // A request that is none is kept whole as the extra "request".
                return fields.contains(Field.METHOD)
                        || fields.contains(Field.PATH)
                        || fields.contains(Field.PROTOCOL)
                        || fields.contains(Field.EXTRA);
            case EXTRA:
                return fields.contains(Field.EXTRA);
            default:
                return false;
        }
    }

    @Override
    public String failureReason() {
        if (refused) {
            return check.refusal();
        }
        if (reason == null || reasonColumn != failureColumn || reasonLayout != closestLayout) {
            reason = newFailureReason();
            reasonColumn = failureColumn;
            reasonLayout = closestLayout;
        }
        return reason;
    }

    private String newFailureReason() {
        if (layouts.length > MAX_LAYOUTS_NAMED) {
            // Spring Boot's 17 layouts named one by one made a reason of 2 KB.
            return "does not match the layouts ("
                    + layouts.length
                    + "; the closest: '"
                    + layouts[closestLayout].source()
                    + "', column "
                    + failureColumn
                    + ')';
        }
        StringBuilder reason = new StringBuilder("does not match the layout");
        reason.append(layouts.length > 1 ? "s " : " ");
        for (int l = 0; l < layouts.length; l++) {
            reason.append(l == 0 ? "'" : " or '").append(layouts[l].source()).append('\'');
        }
        return reason.append(" (column ").append(failureColumn).append(')').toString();
    }
}
