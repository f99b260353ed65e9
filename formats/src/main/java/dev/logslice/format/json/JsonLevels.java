package dev.logslice.format.json;

import javax.annotation.Nullable;

/**
 * Names for numeric levels, told apart by magnitude: 0 to 7 are syslog severities (journald's
 * {@code PRIORITY}, GELF's {@code level}), multiples of ten from 10 to 60 are Bunyan's and pino's
 * levels. Other numbers have no name. MongoDB writes one letter, and a debug verbosity.
 */
public final class JsonLevels {
    private static final String[] SYSLOG = {
        "emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"
    };
    private static final String[] BUNYAN = {"trace", "debug", "info", "warn", "error", "fatal"};

    private JsonLevels() {}

    /**
     * The name of a level written as a number (or a string of digits) or as MongoDB's letters
     * ({@code F E W I}, {@code D} or {@code D1} to {@code D5}), or null.
     */
    @Nullable
    public static String nameOf(String text) {
        if (text.isEmpty() || text.length() > 2) {
            return null;
        }
        String letter = mongoLevel(text);
        if (letter != null) {
            return letter;
        }
        int value = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            value = value * 10 + (c - '0');
        }
        if (value < SYSLOG.length) {
            return SYSLOG[value];
        }
        return value % 10 == 0 && value <= 60 ? BUNYAN[value / 10 - 1] : null;
    }

    @Nullable
    private static String mongoLevel(String text) {
        if (text.length() == 2) {
            return text.charAt(0) == 'D' && text.charAt(1) >= '1' && text.charAt(1) <= '5'
                    ? "debug"
                    : null;
        }
        switch (text.charAt(0)) {
            case 'F':
                return "fatal";
            case 'E':
                return "error";
            case 'W':
                return "warning";
            case 'I':
                return "info";
            case 'D':
                return "debug";
            default:
                return null;
        }
    }
}
