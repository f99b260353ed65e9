package dev.logslice.format.access;

import java.util.Map;
import java.util.Set;

/**
 * Apache's {@code %{FORMAT}t}: a {@code strftime} format, optionally after {@code begin:} or {@code
 * end:}, or one of the words {@code sec}, {@code msec}, {@code usec}, {@code msec_frac} and {@code
 * usec_frac}. The calendar formats and the fractions translate to {@code java.time} letters, so
 * that a time logged in pieces ({@code [%{%d/%b/%Y %T}t.%{msec_frac}t %{%z}t]}, the example of
 * httpd's manual) reads as one timestamp.
 */
final class ApacheTimeFormat {
    /** The strftime conversions logslice reads, as java.time letters. */
    private static final Map<Character, String> CONVERSIONS =
            Map.ofEntries(
                    Map.entry('d', "dd"),
                    Map.entry('e', "d"),
                    Map.entry('m', "MM"),
                    Map.entry('b', "MMM"),
                    Map.entry('h', "MMM"),
                    Map.entry('Y', "yyyy"),
                    Map.entry('y', "yy"),
                    Map.entry('H', "HH"),
                    Map.entry('M', "mm"),
                    Map.entry('S', "ss"),
                    Map.entry('T', "HH:mm:ss"),
                    Map.entry('R', "HH:mm"),
                    Map.entry('F', "yyyy-MM-dd"),
                    Map.entry('z', "Z"),
                    Map.entry('a', "EEE"),
                    Map.entry('%', "%"));

    private static final Map<String, String> FRACTIONS =
            Map.of("msec_frac", "SSS", "usec_frac", "SSSSSS");

    private static final Set<String> EPOCH_WORDS = Set.of("sec", "msec", "usec");

    private ApacheTimeFormat() {}

    /** {@code argument} without its {@code begin:} or {@code end:}. */
    static String withoutWhen(String argument) {
        if (argument.startsWith("begin:")) {
            return argument.substring("begin:".length());
        }
        return argument.startsWith("end:") ? argument.substring("end:".length()) : argument;
    }

    /** Whether {@code argument} is part of a calendar time (a strftime format or a fraction). */
    static boolean isCalendar(String argument) {
        return argument != null && !EPOCH_WORDS.contains(withoutWhen(argument));
    }

    static boolean isFraction(String argument) {
        return FRACTIONS.containsKey(withoutWhen(argument));
    }

    /**
     * The java.time pattern of a calendar {@code argument}.
     *
     * @throws IllegalArgumentException naming a conversion logslice does not read
     */
    static String toPattern(String argument) {
        String format = withoutWhen(argument);
        String fraction = FRACTIONS.get(format);
        if (fraction != null) {
            return fraction;
        }
        StringBuilder pattern = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                pattern.append(literal(String.valueOf(c)));
                continue;
            }
            String letters = i + 1 < format.length() ? CONVERSIONS.get(format.charAt(i + 1)) : null;
            if (letters == null) {
                throw new IllegalArgumentException(
                        "%"
                                + (i + 1 < format.length() ? format.charAt(i + 1) : "")
                                + " (logslice reads %d %e %m %b %h %Y %y %H %M %S %T %R %F %z %a)");
            }
            pattern.append(letters);
            i++;
        }
        return pattern.toString();
    }

    /** {@code text} as a java.time literal: letters and quotes quoted. */
    static String literal(String text) {
        StringBuilder quoted = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '\'') {
                quoted.append("''");
            } else if (Character.isLetter(c)) {
                quoted.append('\'').append(c).append('\'');
            } else {
                quoted.append(c);
            }
        }
        return quoted.toString();
    }
}
