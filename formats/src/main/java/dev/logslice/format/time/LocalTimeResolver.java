package dev.logslice.format.time;

import dev.logslice.format.ParserContext;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;

/**
 * Completes timestamps that leave something out: the offset (taken from the context's zone), the
 * year (the latest year that does not put the line more than a day after the reference time, so a
 * December line in a file written in January lands in the previous year) and the date (that of the
 * latest that does not put the line more than an hour after the reference time), unless a year is
 * given ({@code --year}): then that one. Caches the zone offset between transitions; one per
 * parser.
 */
public final class LocalTimeResolver {
    /** How far past the reference time a line may be before its year is taken as the last one. */
    private static final long YEAR_SLACK_SECONDS = 86400;

    /**
     * How far past the reference time a line of a time alone may be before its date is taken as the
     * day before: a change of summer time, a clock a little ahead.
     */
    private static final long DAY_SLACK_SECONDS = 3600;

    private final ZoneRules rules;
    private final long referenceLocalSecond;
    private final int referenceYear;

    /** Whether {@link #givenYear} is the year of every year-less timestamp. */
    private final boolean yearGiven;

    private final int givenYear;

    /** Local seconds {@code [cachedFrom, cachedUntil)} that map to {@link #cachedOffset}. */
    private long cachedFrom = 1;

    private long cachedUntil;
    private int cachedOffset;

    public LocalTimeResolver(ParserContext context) {
        this(context.zone(), context.referenceTime());
    }

    public LocalTimeResolver(ZoneId zone, Instant referenceTime) {
        this(zone, referenceTime, false, 0);
    }

    private LocalTimeResolver(ZoneId zone, Instant referenceTime, boolean yearGiven, int year) {
        this.rules = zone.getRules();
        this.referenceLocalSecond =
                referenceTime.getEpochSecond() + rules.getOffset(referenceTime).getTotalSeconds();
        this.referenceYear = CivilDates.civilDate(referenceEpochDay(), new int[3])[0];
        this.yearGiven = yearGiven;
        this.givenYear = year;
    }

    /** A resolver that gives year-less timestamps {@code year} instead of inferring one. */
    public static LocalTimeResolver withYear(ParserContext context, int year) {
        return new LocalTimeResolver(context.zone(), context.referenceTime(), true, year);
    }

    /** The zone's offset at a local time; in a gap or overlap, the offset before it. */
    public int offsetOfLocal(long localEpochSecond) {
        if (localEpochSecond >= cachedFrom && localEpochSecond < cachedUntil) {
            return cachedOffset;
        }
        LocalDateTime local = LocalDateTime.ofEpochSecond(localEpochSecond, 0, ZoneOffset.UTC);
        int offset = rules.getOffset(local).getTotalSeconds();
        cache(localEpochSecond - offset, offset, localEpochSecond);
        return offset;
    }

    /** The zone's offset at an instant. */
    public int offsetOfInstant(long epochSecond) {
        return rules.getOffset(Instant.ofEpochSecond(epochSecond)).getTotalSeconds();
    }

    /**
     * The year for a year-less date and time: the given one, or inferred from the reference time.
     */
    public int inferYear(int month, int day, int secondOfDay) {
        if (yearGiven) {
            return givenYear;
        }
        for (int year = referenceYear + 1; year > referenceYear - 8; year--) {
            if (CivilDates.isValid(year, month, day)) {
                long local = CivilDates.epochDay(year, month, day) * 86400 + secondOfDay;
                if (local <= referenceLocalSecond + YEAR_SLACK_SECONDS) {
                    return year;
                }
            }
        }
        // Only an impossible date (February 30) gets here; callers validate before.
        return referenceYear;
    }

    /** The local date of the reference time, as an epoch day. */
    private long referenceEpochDay() {
        return Math.floorDiv(referenceLocalSecond, 86400);
    }

    /**
     * The date, as an epoch day, of a time logged without one: the latest that does not put the
     * line more than an hour after the reference time (a line of 23:59 in a file last written at
     * 00:10 is of the day before, not 24 hours in its future).
     */
    public long inferEpochDay(int secondOfDay) {
        return Math.floorDiv(referenceLocalSecond + DAY_SLACK_SECONDS - secondOfDay, 86400);
    }

    /** Remembers the local range around {@code instant} in which the offset is unambiguous. */
    private void cache(long epochSecond, int offset, long localEpochSecond) {
        if (rules.isFixedOffset()) {
            cachedFrom = Long.MIN_VALUE;
            cachedUntil = Long.MAX_VALUE;
            cachedOffset = offset;
            return;
        }
        Instant instant = Instant.ofEpochSecond(epochSecond);
        ZoneOffsetTransition previous = rules.previousTransition(instant.plusSeconds(1));
        ZoneOffsetTransition next = rules.nextTransition(instant);
        long from = previous == null ? Long.MIN_VALUE : localBoundary(previous, true);
        long until = next == null ? Long.MAX_VALUE : localBoundary(next, false);
        if (localEpochSecond >= from && localEpochSecond < until) {
            cachedFrom = from;
            cachedUntil = until;
            cachedOffset = offset;
        }
    }

    /** First local second after a transition, or first ambiguous one before it. */
    private static long localBoundary(ZoneOffsetTransition transition, boolean after) {
        int before = transition.getOffsetBefore().getTotalSeconds();
        int afterOffset = transition.getOffsetAfter().getTotalSeconds();
        long at = transition.toEpochSecond();
        return after ? at + Math.max(before, afterOffset) : at + Math.min(before, afterOffset);
    }
}
