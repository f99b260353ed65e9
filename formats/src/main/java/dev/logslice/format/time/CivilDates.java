package dev.logslice.format.time;

/**
 * Proleptic Gregorian calendar arithmetic on plain numbers (H. Hinnant's algorithms), so that a
 * parser needs no {@code java.time} object per line.
 */
public final class CivilDates {
    private static final int[] DAYS_IN_MONTH = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

    private CivilDates() {}

    /** Days from 1970-01-01 to the given date; the date must be valid. */
    public static long epochDay(int year, int month, int day) {
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400);
        long yearOfEra = y - era * 400;
        int dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146097 + dayOfEra - 719468;
    }

    /** Whether year-month-day is a real date. */
    public static boolean isValid(int year, int month, int day) {
        return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
    }

    public static int daysInMonth(int year, int month) {
        boolean leap = (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
        return month == 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
    }

    /**
     * Writes the date of an epoch day as {@code [year, month, day]} into {@code out}.
     *
     * @return {@code out}
     */
    public static int[] civilDate(long epochDay, int[] out) {
        long z = epochDay + 719468;
        long era = Math.floorDiv(z, 146097);
        long dayOfEra = z - era * 146097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long monthIndex = (5 * dayOfYear + 2) / 153;
        int day = (int) (dayOfYear - (153 * monthIndex + 2) / 5 + 1);
        int month = (int) (monthIndex < 10 ? monthIndex + 3 : monthIndex - 9);
        out[0] = (int) (yearOfEra + era * 400 + (month <= 2 ? 1 : 0));
        out[1] = month;
        out[2] = day;
        return out;
    }
}
