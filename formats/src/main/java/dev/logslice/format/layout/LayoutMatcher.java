package dev.logslice.format.layout;

import dev.logslice.format.time.LocalTimeResolver;
import dev.logslice.format.time.RepeatedTimestamp;
import dev.logslice.format.time.TimestampValue;

import javax.annotation.Nullable;

/**
 * Matches lines against a {@link Layout}, recording where each capture lies. Delimited captures try
 * each match of the following literal in turn, so a thread name may hold the layout's own
 * separators ({@code [QuorumPeer[myid=1]/0:0:0:0:0:0:0:0:2181:FastLeaderElection@774]}); a budget
 * of attempts bounds the work on hostile lines. Scratch state: one per parser.
 */
final class LayoutMatcher {
    /** Candidate ends tried per line before giving up. */
    private static final int BUDGET = 256;

    private int[] starts = new int[8];
    private int[] ends = new int[8];
    private TimestampValue[] times = new TimestampValue[0];
    private RepeatedTimestamp[] lastTimes = new RepeatedTimestamp[0];
    private byte[] b;
    private int lineStart;
    private int end;
    private int budget;
    private int furthest;
    private int matchEnd;
    private Layout layout;
    private LocalTimeResolver[] resolvers;

    /**
     * Whether {@code b[start, end)} fits the layout; {@code resolvers} are per capture, {@code
     * skeleton} is the layout's when it has one.
     */
    boolean matches(
            Layout layout,
            @Nullable CombinedSkeleton skeleton,
            LocalTimeResolver[] resolvers,
            byte[] b,
            int start,
            int end) {
        int n = layout.captures().length;
        if (starts.length < n) {
            starts = new int[n];
            ends = new int[n];
        }
        if (times.length < n) {
            TimestampValue[] grown = new TimestampValue[n];
            RepeatedTimestamp[] grownLast = new RepeatedTimestamp[n];
            for (int i = 0; i < n; i++) {
                grown[i] = i < times.length ? times[i] : new TimestampValue();
                grownLast[i] = i < lastTimes.length ? lastTimes[i] : new RepeatedTimestamp();
            }
            times = grown;
            lastTimes = grownLast;
        }
        this.layout = layout;
        this.resolvers = resolvers;
        this.b = b;
        this.lineStart = start;
        this.end = end;
        this.budget = BUDGET;
        this.furthest = start;
        if (skeleton != null) {
            int pos = skeleton.match(this, b, start, end);
            if (pos >= 0) {
                budget -= skeleton.delimitedFields();
                if (matchFrom(skeleton.parts(), pos)) {
                    return true;
                }
                budget = BUDGET;
            }
        }
        return matchFrom(0, start);
    }

    int start(int capture) {
        return starts[capture];
    }

    int end(int capture) {
        return ends[capture];
    }

    TimestampValue time(int capture) {
        return times[capture];
    }

    /** Where the last match's layout ended: past it, what a trailing layout leaves unread. */
    int matchEnd() {
        return matchEnd;
    }

    /** Column (1-based) of the furthest byte the last failed match got to. */
    int failureColumn() {
        return furthest - lineStart + 1;
    }

    /**
     * Matches parts from {@code part} on at {@code pos}. Literals and scanned captures have one way
     * to match, so they are steps of a loop; only a delimited capture, which may have to try later
     * ends, recurses (the JIT does not inline a method into itself, so each level is a real call).
     */
    private boolean matchFrom(int part, int pos) {
        LayoutPart[] parts = layout.parts();
        for (; ; part++) {
            furthest = Math.max(furthest, pos);
            if (part == parts.length) {
                matchEnd = pos;
                return layout.allowsTrailing() ? trailsApart(parts, pos) : onlyBlanks(pos);
            }
            if (parts[part] instanceof Literal) {
                pos = ((Literal) parts[part]).matchAt(b, pos, end);
                if (pos < 0) {
                    return false;
                }
                continue;
            }
            Capture capture = (Capture) parts[part];
            int index = layout.captureIndex(part);
            if (capture.shape.isDelimited()) {
                return matchDelimited(capture, index, part, pos);
            }
            int valueEnd = scan(capture, index, pos);
            if (valueEnd < 0
                    || valueEnd - pos > capture.maxWidth
                    || !record(index, pos, valueEnd)) {
                return false;
            }
            pos = valueEnd;
        }
    }

    /** A delimited capture at {@code part}: tries each match of the next literal in turn. */
    private boolean matchDelimited(Capture capture, int index, int part, int pos) {
        LayoutPart[] parts = layout.parts();
        if (part + 1 == parts.length) {
            // A list last takes the rest of the line, as text does: what follows stays in it.
            return (capture.shape == Shape.TEXT
                            || capture.shape == Shape.UPSTREAM_LIST
                            || capture.shape.allows(b, pos, pos, end))
                    && record(index, pos, end);
        }
        Literal next = (Literal) parts[part + 1];
        int empty = emptyValue(capture, part, pos);
        if (empty >= 0
                && --budget >= 0
                && record(index, empty, empty)
                && matchFrom(part + 1, empty)) {
            return true;
        }
        int checked = pos;
        for (int p = next.find(b, pos, end, pos); p >= 0; p = next.find(b, p + 1, end, pos)) {
            // Later candidates are only longer: stop at the first that is too wide or blank. A
            // padded value is no wider than its maximum either: padding stops at the minimum.
            if (--budget < 0 || p - pos > capture.maxWidth) {
                return false;
            }
            if (capture.shape != Shape.TEXT && !capture.shape.allows(b, pos, checked, p)) {
                return false;
            }
            checked = p;
            if (capture.shape.mayEnd(b, pos, p, end)
                    && (capture.minWidth == 0 || paddedWidth(pos, p) >= capture.minWidth)
                    && record(index, pos, p)
                    && matchFrom(part + 1, p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Where a text capture between a literal ending in a space and one starting with it is empty,
     * or -1. A space of a literal takes a whole run, so an empty value ({@code %X{req}} outside a
     * request) leaves the literal before it its own blank and the next one's: {@code [main]}, two
     * blanks and {@code hello} would otherwise read {@code hello} as the value. Spaces past those
     * the literal and the padding of a left-justified capture right before it need are the next
     * literal's, and the value is empty where they start.
     */
    private int emptyValue(Capture capture, int part, int pos) {
        LayoutPart[] parts = layout.parts();
        if ((capture.shape != Shape.TEXT && capture.shape != Shape.BRACKETED)
                || capture.minWidth != 0
                || part == 0
                || !(parts[part - 1] instanceof Literal)
                || !((Literal) parts[part + 1]).startsWithSpace()) {
            return -1;
        }
        int needed = ((Literal) parts[part - 1]).trailingSpaces();
        int before = part >= 2 ? layout.captureIndex(part - 2) : -1;
        int from = before >= 0 ? ends[before] : lineStart;
        int run = 0;
        while (pos - run - 1 >= from && b[pos - run - 1] == ' ') {
            run++;
        }
        if (before >= 0 && pos - run == from) {
            needed +=
                    Math.max(0, layout.captures()[before].paddedAfterTo - (from - starts[before]));
        }
        return needed > 0 && run > needed ? pos - run + needed : -1;
    }

    /**
     * The width of the value at {@code [start, stop)} with the spaces around it, which a literal's
     * space may have taken as its own: padding counts wherever it was matched.
     */
    private int paddedWidth(int start, int stop) {
        while (start > lineStart && b[start - 1] == ' ') {
            start--;
        }
        while (stop < end && b[stop] == ' ') {
            stop++;
        }
        return stop - start;
    }

    private int scan(Capture capture, int index, int pos) {
        if (capture.shape == Shape.TIMESTAMP) {
            return scanTimestamp(index, pos);
        }
        return capture.shape.scan(b, pos, end);
    }

    /** The end of the timestamp capture {@code index} at {@code pos}, or -1; sets its time. */
    int scanTimestamp(int index, int pos) {
        return lastTimes[index].parse(
                layout.captures()[index].timestamp, b, pos, end, resolvers[index], times[index]);
    }

    /** Records a capture's range, after trimming; false when its trimmed value is too wide. */
    boolean record(int index, int start, int stop) {
        Capture capture = layout.captures()[index];
        if (capture.trim) {
            while (start < stop && b[start] == ' ') {
                start++;
            }
            while (stop > start && b[stop - 1] == ' ') {
                stop--;
            }
        }
        starts[index] = start;
        ends[index] = stop;
        return stop - start <= capture.maxWidth;
    }

    /**
     * Whether what trails a layout at {@code pos} is apart from its last part: after a literal or a
     * blank. Text glued to a last number ({@code 5xyz}) would cut it short unsaid.
     */
    private boolean trailsApart(LayoutPart[] parts, int pos) {
        return pos == end
                || parts[parts.length - 1] instanceof Literal
                || b[pos] == ' '
                || b[pos] == '\t'
                || b[pos] == '\r';
    }

    private boolean onlyBlanks(int pos) {
        for (int i = pos; i < end; i++) {
            if (b[i] != ' ' && b[i] != '\t' && b[i] != '\r') {
                return false;
            }
        }
        return true;
    }
}
