package dev.logslice.format.preset;

import dev.logslice.format.Field;
import dev.logslice.format.layout.Binding;
import dev.logslice.format.layout.Capture;
import dev.logslice.format.layout.Layout;
import dev.logslice.format.layout.Shape;
import dev.logslice.format.time.TimestampPattern;

import java.util.Locale;

/**
 * Compiles the compact layouts the presets are written in: text, and {@code %{name}} or {@code
 * %{name:arg}} for a value. A name is an event field ({@code level}, {@code status}), {@code
 * request} (an HTTP request line), {@code _} (matched, not kept) or else a key of {@code extra}.
 * The arg of {@code timestamp} is its {@code java.time} pattern (or {@code rfc3339}, {@code
 * rfc3339-seconds}, or {@code epoch}: seconds with a fraction); of {@code requestTime} the unit
 * ({@code ms}, {@code us}); of the others a shape: {@code text}, {@code token}, {@code word},
 * {@code digits}, {@code num} (digits or {@code -}), {@code decimal} (a decimal number or {@code
 * -}), {@code java} (a class name: a thread name before it may hold {@code "] "}). Fields but the
 * message read {@code -} as null; text captures but the message lose their padding. A space of the
 * layout matches a run of them, {@code %{ }} exactly one (so the message after it keeps its
 * indentation).
 */
final class LayoutSpec {
    /** {@code %{timestamp:rfc3339}}: with T, fraction and offset, as container runtimes write. */
    private static final TimestampPattern RFC_3339 =
            TimestampPattern.strict("yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSXXX");

    /**
     * {@code %{timestamp:rfc3339-seconds}}: the same to the second, no fraction, as Python's {@code
     * %Y-%m-%dT%H:%M:%S%z} writes it; the time of other layouts with a fraction is no match.
     */
    private static final TimestampPattern RFC_3339_SECONDS =
            TimestampPattern.strict("yyyy-MM-dd'T'HH:mm:ssXXX");

    private LayoutSpec() {}

    static Layout compile(String spec) {
        Layout.Builder layout = Layout.builder(spec);
        int i = 0;
        while (i < spec.length()) {
            int open = spec.indexOf("%{", i);
            if (open < 0) {
                layout.literal(oneSpace(spec.substring(i)));
                break;
            }
            if (open > i) {
                layout.literal(oneSpace(spec.substring(i, open)));
            }
            int close = spec.indexOf('}', open);
            if (close < 0) {
                throw new IllegalArgumentException("unclosed %{ in layout '" + spec + "'");
            }
            String value = spec.substring(open + 2, close);
            if (value.equals(" ")) {
                layout.exactLiteral(" ");
                i = close + 1;
                continue;
            }
            int colon = value.indexOf(':');
            String name = colon < 0 ? value : value.substring(0, colon);
            String arg = colon < 0 ? null : value.substring(colon + 1);
            layout.capture(capture(name, arg));
            i = close + 1;
        }
        return layout.build(false);
    }

    /** A space of a literal matches a run of them: runs in specs show how lines look. */
    private static String oneSpace(String literal) {
        return literal.replaceAll(" +", " ");
    }

    private static Capture capture(String name, String arg) {
        if (name.equals("timestamp")) {
            TimestampPattern pattern =
                    "rfc3339".equals(arg)
                            ? RFC_3339
                            : "rfc3339-seconds".equals(arg)
                                    ? RFC_3339_SECONDS
                                    : "epoch".equals(arg)
                                            ? TimestampPattern.epochSeconds()
                                            : TimestampPattern.of(arg);
            return Capture.timestamp(pattern, null);
        }
        if (name.equals("request")) {
            return Capture.converted(Binding.REQUEST_LINE, Shape.TEXT);
        }
        if (name.equals("_")) {
            return Capture.ignored(shape(arg, Shape.TOKEN));
        }
        Field field = Field.byJsonName(name);
        if (field == null) {
            return tidy(Capture.extra(name, shape(arg, Shape.TOKEN)), false);
        }
        switch (field) {
            case STATUS:
                return Capture.converted(Binding.STATUS, Shape.STATUS);
            case BYTES:
                return Capture.converted(Binding.BYTES, Shape.DIGITS_OR_DASH);
            case PID:
                return Capture.converted(Binding.PID, Shape.DIGITS);
            case REQUEST_TIME:
                Binding unit =
                        "ms".equals(arg)
                                ? Binding.MILLIS
                                : "us".equals(arg) ? Binding.MICROS : Binding.SECONDS;
                return Capture.converted(unit, Shape.DECIMAL_OR_DASH);
            case LEVEL:
                // Padded levels ('[INFO ]') are text captures; trimmed, they are checked by name.
                return tidy(Capture.string(field, shape(arg, Shape.WORD)), false);
            case MESSAGE:
                return Capture.string(field, shape(arg, Shape.TEXT));
            default:
                return tidy(Capture.string(field, shape(arg, Shape.TOKEN)), true);
        }
    }

    private static Capture tidy(Capture capture, boolean isString) {
        Capture tidied = capture.shape() == Shape.TEXT ? capture.trimmed() : capture;
        return isString ? tidied.dashIsNull() : tidied;
    }

    private static Shape shape(String arg, Shape otherwise) {
        if (arg == null) {
            return otherwise;
        }
        switch (arg.toLowerCase(Locale.ROOT)) {
            case "text":
                return Shape.TEXT;
            case "token":
                return Shape.TOKEN;
            case "word":
                return Shape.WORD;
            case "digits":
                return Shape.DIGITS;
            case "num":
                return Shape.DIGITS_OR_DASH;
            case "decimal":
                return Shape.DECIMAL_OR_DASH;
            case "java":
                return Shape.JAVA_NAME;
            default:
                throw new IllegalArgumentException("unknown shape '" + arg + "'");
        }
    }
}
