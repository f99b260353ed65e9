package dev.logslice.format.time;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static dev.logslice.format.time.TimestampElement.DATE_TIME_SEPARATOR;
import static dev.logslice.format.time.TimestampElement.DAY;
import static dev.logslice.format.time.TimestampElement.DAY_NAME;
import static dev.logslice.format.time.TimestampElement.FRACTION;
import static dev.logslice.format.time.TimestampElement.HOUR;
import static dev.logslice.format.time.TimestampElement.LITERAL;
import static dev.logslice.format.time.TimestampElement.MINUTE;
import static dev.logslice.format.time.TimestampElement.MONTH;
import static dev.logslice.format.time.TimestampElement.MONTH_NAME;
import static dev.logslice.format.time.TimestampElement.OFFSET;
import static dev.logslice.format.time.TimestampElement.OPTIONAL_FRACTION;
import static dev.logslice.format.time.TimestampElement.SECOND;
import static dev.logslice.format.time.TimestampElement.YEAR;
import static dev.logslice.format.time.TimestampElement.YEAR2;

/** Turns the letters of a date-time pattern into {@link TimestampElement}s. */
final class TimestampPatternCompiler {
    private final String pattern;
    private final boolean lenient;
    private final List<TimestampElement> elements = new ArrayList<>();
    private final StringBuilder literal = new StringBuilder();

    private TimestampPatternCompiler(String pattern, boolean lenient) {
        this.pattern = pattern;
        this.lenient = lenient;
    }

    static List<TimestampElement> compile(String pattern, boolean lenient) {
        return new TimestampPatternCompiler(pattern, lenient).run();
    }

    private List<TimestampElement> run() {
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                int close = pattern.indexOf('\'', i + 1);
                if (close < 0) {
                    throw new IllegalArgumentException("unclosed quote in date pattern " + pattern);
                }
                literal.append(close == i + 1 ? "'" : pattern.substring(i + 1, close));
                i = close + 1;
            } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
                int run = i;
                while (run < pattern.length() && pattern.charAt(run) == c) {
                    run++;
                }
                letters(c, run - i);
                i = run;
            } else {
                literal.append(c);
                i++;
            }
        }
        flushLiteral(false);
        return elements;
    }

    private void letters(char letter, int count) {
        boolean fractionAfterSeparator =
                letter == 'S'
                        && literal.length() > 0
                        && (literal.charAt(literal.length() - 1) == '.'
                                || literal.charAt(literal.length() - 1) == ',');
        if (fractionAfterSeparator) {
            literal.setLength(literal.length() - 1);
        }
        flushLiteral(letter == 'H');
        switch (letter) {
            case 'y':
            case 'u':
                elements.add(new TimestampElement(count == 2 ? YEAR2 : YEAR, count == 2 ? 2 : 4));
                break;
            case 'M':
            case 'L':
                elements.add(new TimestampElement(count >= 3 ? MONTH_NAME : MONTH, 2));
                break;
            case 'd':
                elements.add(new TimestampElement(DAY, 2));
                break;
            case 'H':
                elements.add(new TimestampElement(HOUR, 2));
                break;
            case 'm':
                elements.add(new TimestampElement(MINUTE, 2));
                break;
            case 's':
                elements.add(new TimestampElement(SECOND, 2));
                break;
            case 'S':
                elements.add(
                        new TimestampElement(
                                fractionAfterSeparator ? OPTIONAL_FRACTION : FRACTION, count));
                break;
            case 'E':
                elements.add(new TimestampElement(DAY_NAME, 0));
                break;
            case 'X':
            case 'x':
            case 'Z':
                elements.add(new TimestampElement(OFFSET, 0));
                break;
            default:
                throw new IllegalArgumentException(
                        "unsupported letter '" + letter + "' in date pattern " + pattern);
        }
    }

    /** Ends a literal; one of {@code T} or a space just before the hour joins date and time. */
    private void flushLiteral(boolean beforeHour) {
        if (literal.length() == 0) {
            return;
        }
        String text = literal.toString();
        literal.setLength(0);
        boolean afterDate = !elements.isEmpty() && elements.get(elements.size() - 1).kind <= DAY;
        if (lenient && beforeHour && afterDate && (text.equals("T") || text.equals(" "))) {
            elements.add(new TimestampElement(DATE_TIME_SEPARATOR, 0));
        } else {
            elements.add(new TimestampElement(LITERAL, 0, text.getBytes(StandardCharsets.UTF_8)));
        }
    }
}
