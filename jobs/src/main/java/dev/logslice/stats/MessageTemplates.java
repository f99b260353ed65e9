package dev.logslice.stats;

import java.util.regex.Pattern;

/**
 * Turns error messages into templates by masking what varies between occurrences (ids, numbers,
 * addresses), so that "timeout after 3012 ms for order 88121" and "... 2950 ms ... 90210" count as
 * one message.
 */
public final class MessageTemplates {
    private static final int MAX_LENGTH = 200;
    private static final Pattern UUID =
            Pattern.compile(
                    "\\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\b");
    private static final Pattern IPV4 = Pattern.compile("\\b\\d{1,3}(\\.\\d{1,3}){3}(:\\d+)?\\b");
    private static final Pattern HEX =
            Pattern.compile(
                    "\\b(0x)?[0-9a-fA-F]*\\d[0-9a-fA-F]*[a-fA-F][0-9a-fA-F]*\\b|\\b0x[0-9a-fA-F]+\\b");
    private static final Pattern NUMBER = Pattern.compile("-?\\b\\d+([.,]\\d+)*\\b");

    private MessageTemplates() {}

    /** The message's first line with variable parts masked, at most 200 characters. */
    public static String of(String message) {
        int newline = message.indexOf('\n');
        String firstLine = newline < 0 ? message : message.substring(0, newline);
        if (firstLine.length() > 4 * MAX_LENGTH) {
            firstLine = firstLine.substring(0, 4 * MAX_LENGTH);
        }
        String masked = UUID.matcher(firstLine).replaceAll("<uuid>");
        masked = IPV4.matcher(masked).replaceAll("<ip>");
        masked = HEX.matcher(masked).replaceAll("<hex>");
        masked = NUMBER.matcher(masked).replaceAll("<n>");
        masked = masked.strip();
        return masked.length() > MAX_LENGTH ? masked.substring(0, MAX_LENGTH) + "..." : masked;
    }
}
