package dev.logslice.format.log4j;

import dev.logslice.format.Field;
import dev.logslice.format.layout.Binding;
import dev.logslice.format.layout.Capture;
import dev.logslice.format.layout.Layout;
import dev.logslice.format.layout.Shape;
import dev.logslice.format.time.TimestampPattern;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Compiles a Log4j 2 or Logback {@code PatternLayout} ({@code %d{ISO8601} %-5p [%t] %c: %m%n}) to a
 * {@link Layout}. Format modifiers become padding to trim and widths to check; style wrappers
 * ({@code %highlight{..}}, Spring Boot's {@code %clr(..)}) and {@code ${NAME:-default}}
 * placeholders are unwrapped; exception converters print nothing on the first line of an event (the
 * trace follows as continuation lines) and compile to nothing.
 */
public final class PatternLayoutCompiler {
    private static final Set<String> WRAPPERS =
            Set.of(
                    "",
                    "clr",
                    "highlight",
                    "style",
                    "black",
                    "red",
                    "green",
                    "yellow",
                    "blue",
                    "magenta",
                    "cyan",
                    "white",
                    "gray",
                    "boldRed",
                    "boldGreen",
                    "boldYellow",
                    "boldBlue",
                    "boldMagenta",
                    "boldCyan",
                    "boldWhite",
                    "faint");
    private static final Set<String> PRINT_NOTHING =
            Set.of(
                    "n",
                    "ex",
                    "exception",
                    "throwable",
                    "xEx",
                    "xException",
                    "xThrowable",
                    "rEx",
                    "rException",
                    "rThrowable",
                    "wEx",
                    "wex",
                    "nopex",
                    "nopexception",
                    "esb");

    private final String pattern;
    private final Layout.Builder layout;

    private PatternLayoutCompiler(String pattern) {
        this.pattern = pattern;
        this.layout = Layout.builder(pattern);
    }

    /** The layout of a pattern; throws IllegalArgumentException naming what it cannot read. */
    public static Layout compile(String pattern) {
        PatternLayoutCompiler compiler = new PatternLayoutCompiler(pattern);
        compiler.append(Placeholders.resolve(pattern));
        return compiler.layout.build(false);
    }

    private void append(String text) {
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                char escaped = text.charAt(i + 1);
                layout.literal(
                        escaped == 't' ? "\t" : escaped == 'n' ? "" : String.valueOf(escaped));
                i += 2;
            } else if (c == '%') {
                i = conversion(text, i + 1);
            } else {
                layout.literal(String.valueOf(c));
                i++;
            }
        }
    }

    /** Reads the conversion after a '%' at {@code i}; returns the index after it. */
    private int conversion(String text, int i) {
        if (i < text.length() && text.charAt(i) == '%') {
            layout.literal("%");
            return i + 1;
        }
        int modifierStart = i;
        while (i < text.length() && "-.0123456789".indexOf(text.charAt(i)) >= 0) {
            i++;
        }
        FormatModifier modifier = FormatModifier.parse(text.substring(modifierStart, i));
        int nameStart = i;
        while (i < text.length() && Character.isLetter(text.charAt(i))) {
            i++;
        }
        String name = text.substring(nameStart, i);
        String group = null;
        if (i < text.length() && text.charAt(i) == '(') {
            int close = Brackets.close(text, i, '(', ')', pattern);
            group = text.substring(i + 1, close);
            i = close + 1;
        }
        List<String> options = new ArrayList<>();
        while (i < text.length() && text.charAt(i) == '{') {
            int close = Brackets.close(text, i, '{', '}', pattern);
            options.add(text.substring(i + 1, close));
            i = close + 1;
        }
        if (WRAPPERS.contains(name)) {
            // Styles only colour their content: %clr(...) or Log4j's %highlight{...}.
            append(group != null ? group : options.isEmpty() ? "" : options.get(0));
        } else if (!PRINT_NOTHING.contains(name)) {
            boolean bracketed = i < text.length() && text.charAt(i) == ']';
            layout.capture(modifier.apply(capture(name, options, bracketed)));
        }
        return i;
    }

    /**
     * The capture of a conversion; {@code bracketed} when a ']' follows it, where text that may
     * hold brackets of its own ends at the first "] [" ({@link Shape#BRACKETED}).
     */
    private Capture capture(String name, List<String> options, boolean bracketed) {
        String option = options.isEmpty() ? null : options.get(0);
        Shape text = bracketed ? Shape.BRACKETED : Shape.TEXT;
        switch (name) {
            case "d":
            case "date":
                return Capture.timestamp(DatePatterns.of(option), zone(options));
            case "p":
            case "level":
            case "le":
                return Capture.string(Field.LEVEL, Shape.WORD);
            case "t":
            case "thread":
            case "tn":
            case "threadName":
                return Capture.string(Field.THREAD, text);
            case "c":
            case "logger":
            case "lo":
                return Capture.string(Field.LOGGER, Shape.TOKEN);
            case "C":
            case "class":
                return Capture.extra("callerClass", Shape.JAVA_NAME);
            case "M":
            case "method":
                return Capture.extra("callerMethod", Shape.TOKEN);
            case "F":
            case "file":
                return Capture.extra("callerFile", Shape.TOKEN);
            case "L":
            case "line":
                return Capture.extra("callerLine", Shape.DIGITS);
            case "l":
            case "location":
                return Capture.extra("location", Shape.TOKEN);
            case "m":
            case "msg":
            case "message":
                return Capture.string(Field.MESSAGE, Shape.TEXT);
            case "r":
            case "relative":
                return Capture.extra("relativeMillis", Shape.DIGITS);
            case "x":
            case "NDC":
                return Capture.extra("ndc", text);
            case "X":
            case "mdc":
            case "MDC":
                return Capture.extra(option == null ? "mdc" : mdcKey(option), text);
            case "pid":
            case "processId":
                return Capture.converted(Binding.PID, Shape.DIGITS);
            case "tid":
            case "threadId":
                return Capture.extra("threadId", Shape.DIGITS);
            case "sn":
            case "sequenceNumber":
                return Capture.extra("sequenceNumber", Shape.DIGITS);
            case "marker":
            case "markerSimpleName":
                return Capture.extra("marker", Shape.TEXT);
            case "kvp":
                return Capture.extra("kvp", Shape.TEXT);
            default:
                throw new IllegalArgumentException(
                        "unknown conversion %" + name + " in pattern '" + pattern + "'");
        }
    }

    /** The key of Logback's {@code %X{key:-default}}, which prints the default without the key. */
    private static String mdcKey(String option) {
        int dash = option.indexOf(":-");
        return dash < 0 ? option : option.substring(0, dash);
    }

    private ZoneId zone(List<String> options) {
        if (options.size() < 2) {
            return null;
        }
        try {
            return ZoneId.of(options.get(1));
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(
                    "unknown time zone '" + options.get(1) + "' in pattern '" + pattern + "'", e);
        }
    }

    /** Log4j's named date formats, and the default of a bare {@code %d}. */
    private static final class DatePatterns {
        static TimestampPattern of(String option) {
            if (option == null || option.equals("DEFAULT")) {
                return TimestampPattern.of("yyyy-MM-dd HH:mm:ss,SSS");
            }
            switch (option) {
                case "ISO8601":
                    return TimestampPattern.of("yyyy-MM-dd'T'HH:mm:ss,SSS");
                case "ISO8601_BASIC":
                    return TimestampPattern.of("yyyyMMdd'T'HHmmss,SSS");
                case "ISO8601_OFFSET_DATE_TIME_HH":
                case "ISO8601_OFFSET_DATE_TIME_HHMM":
                case "ISO8601_OFFSET_DATE_TIME_HHCMM":
                    return TimestampPattern.of("yyyy-MM-dd'T'HH:mm:ss,SSSXXX");
                case "ABSOLUTE":
                    return TimestampPattern.of("HH:mm:ss,SSS");
                case "DATE":
                    return TimestampPattern.of("dd MMM yyyy HH:mm:ss,SSS");
                case "COMPACT":
                    return TimestampPattern.of("yyyyMMddHHmmssSSS");
                case "UNIX":
                    return TimestampPattern.epochSeconds();
                case "UNIX_MILLIS":
                    return TimestampPattern.epochMillis();
                default:
                    return TimestampPattern.of(option);
            }
        }
    }
}
