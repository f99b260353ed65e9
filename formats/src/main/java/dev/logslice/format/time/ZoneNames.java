package dev.logslice.format.time;

import dev.logslice.format.Bytes;

import java.util.HashMap;
import java.util.Map;

/**
 * The offset of a zone as logs name it after a time: {@code UTC}, {@code GMT}, {@code Z}, numeric
 * offsets ({@code +01}, {@code -0530}, {@code +05:30}, as PostgreSQL writes zones without an
 * abbreviation) and the common abbreviations of Europe, North America, Asia and Australia that mean
 * one offset. Ambiguous ones ({@code IST}, {@code CST}, {@code BST}...) have none: their times stay
 * in {@code --zone}.
 */
public final class ZoneNames {
    /** What {@link #offsetSeconds} returns for a name of no known offset. */
    public static final int UNKNOWN = Integer.MIN_VALUE;

    private static final Map<String, Integer> ABBREVIATIONS = new HashMap<>();

    static {
        String[][] hours = {
            {"UTC", "0"},
            {"UT", "0"},
            {"GMT", "0"},
            {"Z", "0"},
            {"WET", "0"},
            {"WEST", "60"},
            {"CET", "60"},
            {"CEST", "120"},
            {"MET", "60"},
            {"MEST", "120"},
            {"EET", "120"},
            {"EEST", "180"},
            {"MSK", "180"},
            {"EST", "-300"},
            {"EDT", "-240"},
            {"CDT", "-300"},
            {"MST", "-420"},
            {"MDT", "-360"},
            {"PST", "-480"},
            {"PDT", "-420"},
            {"AKST", "-540"},
            {"AKDT", "-480"},
            {"HST", "-600"},
            {"JST", "540"},
            {"KST", "540"},
            {"HKT", "480"},
            {"SGT", "480"},
            {"AWST", "480"},
            {"ACST", "570"},
            {"ACDT", "630"},
            {"AEST", "600"},
            {"AEDT", "660"},
            {"NZST", "720"},
            {"NZDT", "780"},
            {"SAST", "120"}
        };
        for (String[] entry : hours) {
            ABBREVIATIONS.put(entry[0], Integer.parseInt(entry[1]) * 60);
        }
    }

    private ZoneNames() {}

    /** The offset in seconds that {@code b[start, end)} names, or {@link #UNKNOWN}. */
    public static int offsetSeconds(byte[] b, int start, int end) {
        int length = end - start;
        if (length >= 3 && (b[start] == '+' || b[start] == '-')) {
            return numericOffset(b, start, end);
        }
        if (length < 1 || length > 5) {
            return UNKNOWN;
        }
        Integer known = ABBREVIATIONS.get(Bytes.text(b, start, end));
        return known == null ? UNKNOWN : known;
    }

    /** {@code +HH}, {@code +HHMM} or {@code +HH:MM}, at most 18 hours. */
    private static int numericOffset(byte[] b, int start, int end) {
        int hoursEnd = start + 3;
        int minutesStart = hoursEnd < end && b[hoursEnd] == ':' ? hoursEnd + 1 : hoursEnd;
        boolean shapeFits =
                Bytes.isNumber(b, start + 1, hoursEnd)
                        && (minutesStart == end
                                || (end - minutesStart == 2
                                        && Bytes.isNumber(b, minutesStart, end)));
        if (!shapeFits) {
            return UNKNOWN;
        }
        long hours = Bytes.number(b, start + 1, hoursEnd);
        long minutes = minutesStart == end ? 0 : Bytes.number(b, minutesStart, end);
        if (hours > 18 || minutes > 59 || (hours == 18 && minutes > 0)) {
            return UNKNOWN;
        }
        int seconds = (int) (hours * 3600 + minutes * 60);
        return b[start] == '-' ? -seconds : seconds;
    }

    /**
     * Moves a time read in another zone ({@code value.offsetSeconds}) to the same wall-clock time
     * at {@code offsetSeconds}.
     */
    public static void atOffset(TimestampValue value, int offsetSeconds) {
        long local = value.epochSecond + value.offsetSeconds;
        value.epochSecond = local - offsetSeconds;
        value.offsetSeconds = offsetSeconds;
    }
}
