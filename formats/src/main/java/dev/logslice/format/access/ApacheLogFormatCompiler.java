package dev.logslice.format.access;

import dev.logslice.format.Field;
import dev.logslice.format.layout.Binding;
import dev.logslice.format.layout.Capture;
import dev.logslice.format.layout.Layout;
import dev.logslice.format.layout.Shape;
import dev.logslice.format.time.TimestampPattern;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Compiles an Apache httpd {@code LogFormat} string ({@code %h %l %u %t \"%r\" %>s %b}) to a {@link
 * Layout} that tolerates fields appended after the last one.
 */
public final class ApacheLogFormatCompiler {
    /** What may join the pieces of one time: {@code ' '}, {@code '.'}, {@code ':'} and the like. */
    private static final Pattern JOINERS = Pattern.compile("[ .,:/T-]{1,2}");

    private final String format;
    private final Layout.Builder layout;
    private final boolean hasBodyBytes;

    private ApacheLogFormatCompiler(String format) {
        this.format = unquote(format);
        this.layout = Layout.builder(this.format);
        this.hasBodyBytes = this.format.contains("%b") || this.format.contains("%B");
    }

    /** The layout of a LogFormat string, as written in httpd.conf or already unquoted. */
    public static Layout compile(String logFormat) {
        return compile(logFormat, true);
    }

    /** The same, {@code allowTrailing} telling whether lines may go on after the layout. */
    public static Layout compile(String logFormat, boolean allowTrailing) {
        return new ApacheLogFormatCompiler(logFormat).run(allowTrailing);
    }

    /** A piece of the format: literal text, or a directive with its argument (or null). */
    private record Piece(int at, char letter, String argument, String text) {
        boolean isLiteral() {
            return text != null;
        }

        boolean isCalendarTime() {
            return letter == 't' && ApacheTimeFormat.isCalendar(argument);
        }
    }

    private Layout run(boolean allowTrailing) {
        List<Piece> pieces = pieces();
        for (int p = 0; p < pieces.size(); p++) {
            Piece piece = pieces.get(p);
            if (piece.isLiteral()) {
                layout.literal(piece.text());
            } else if (piece.isCalendarTime()) {
                p = calendarTime(pieces, p);
            } else {
                directive(piece.letter(), piece.argument(), piece.at());
            }
        }
        return layout.build(allowTrailing);
    }

    /**
     * One timestamp of the calendar time at {@code pieces[first]} and those joined to it by a
     * separator ({@code %{%d/%b/%Y %T}t.%{msec_frac}t %{%z}t}); returns the index of its last
     * piece.
     */
    private int calendarTime(List<Piece> pieces, int first) {
        Piece start = pieces.get(first);
        if (ApacheTimeFormat.isFraction(start.argument())) {
            throw error("%{" + start.argument() + "}t must follow a time's seconds", start.at());
        }
        StringBuilder pattern = new StringBuilder();
        int last = first;
        try {
            pattern.append(ApacheTimeFormat.toPattern(start.argument()));
            while (last + 2 < pieces.size()
                    && pieces.get(last + 1).isLiteral()
                    && JOINERS.matcher(pieces.get(last + 1).text()).matches()
                    && pieces.get(last + 2).isCalendarTime()) {
                pattern.append(ApacheTimeFormat.literal(pieces.get(last + 1).text()));
                pattern.append(ApacheTimeFormat.toPattern(pieces.get(last + 2).argument()));
                last += 2;
            }
        } catch (IllegalArgumentException e) {
            throw error(
                    "the time format %{" + start.argument() + "}t uses " + e.getMessage(),
                    start.at());
        }
        layout.capture(Capture.timestamp(TimestampPattern.of(pattern.toString()), null));
        return last;
    }

    /** The format as literal text and directives. */
    private List<Piece> pieces() {
        List<Piece> pieces = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int i = 0;
        while (i < format.length()) {
            char c = format.charAt(i);
            if (c != '%') {
                text.append(c);
                i++;
                continue;
            }
            int j = i + 1;
            // Conditions (%400,501{User-agent}i) and redirect markers (%>s) do not change the text.
            while (j < format.length() && "!0123456789,<>".indexOf(format.charAt(j)) >= 0) {
                j++;
            }
            String argument = null;
            if (j < format.length() && format.charAt(j) == '{') {
                int close = format.indexOf('}', j);
                if (close < 0) {
                    throw error("unclosed '{'", i);
                }
                argument = format.substring(j + 1, close);
                j = close + 1;
            }
            if (j >= format.length()) {
                throw error("'%' without a directive", i);
            }
            if (text.length() > 0) {
                pieces.add(new Piece(i, (char) 0, null, text.toString()));
                text.setLength(0);
            }
            pieces.add(new Piece(i, format.charAt(j), argument, null));
            i = j + 1;
        }
        if (text.length() > 0) {
            pieces.add(new Piece(i, (char) 0, null, text.toString()));
        }
        return pieces;
    }

    private void directive(char letter, String argument, int at) {
        switch (letter) {
            case '%':
                layout.literal("%");
                break;
            case 'h':
            case 'a':
                layout.capture(AccessCaptures.client());
                break;
            case 'l':
                layout.capture(Capture.ignored(Shape.TOKEN));
                break;
            case 'u':
                layout.capture(AccessCaptures.user());
                break;
            case 't':
                time(argument, at);
                break;
            case 'r':
                layout.capture(AccessCaptures.requestLine());
                break;
            case 's':
                layout.capture(AccessCaptures.status());
                break;
            case 'b':
            case 'B':
                layout.capture(AccessCaptures.bytes());
                break;
            case 'O':
                layout.capture(
                        hasBodyBytes
                                ? Capture.extra("bytesSent", Shape.DIGITS_OR_DASH)
                                : AccessCaptures.bytes());
                break;
            case 'I':
                layout.capture(Capture.extra("bytesReceived", Shape.DIGITS_OR_DASH));
                break;
            case 'D':
                layout.capture(AccessCaptures.requestTime(Binding.MICROS));
                break;
            case 'T':
                layout.capture(AccessCaptures.requestTime(timeUnit(argument)));
                break;
            case 'v':
            case 'V':
                layout.capture(AccessCaptures.string(Field.HOST));
                break;
            case 'p':
                layout.capture(Capture.extra("port", Shape.DIGITS));
                break;
            case 'P':
                layout.capture(Capture.converted(Binding.PID, Shape.DIGITS));
                break;
            case 'm':
                layout.capture(AccessCaptures.string(Field.METHOD));
                break;
            case 'U':
                layout.capture(AccessCaptures.string(Field.PATH));
                break;
            case 'H':
                layout.capture(AccessCaptures.string(Field.PROTOCOL));
                break;
            case 'i':
            case 'o':
            case 'e':
            case 'n':
            case 'C':
            case 'x':
                header(letter, argument, at);
                break;
            default:
                layout.capture(AccessCaptures.extra(String.valueOf(letter)));
        }
    }

    private void time(String argument, int at) {
        String word = argument == null ? null : ApacheTimeFormat.withoutWhen(argument);
        if (word == null) {
            layout.literal("[").capture(AccessCaptures.localTime()).literal("]");
        } else if (word.equals("sec")) {
            layout.capture(Capture.timestamp(TimestampPattern.epochSeconds(), null));
        } else if (word.equals("msec")) {
            layout.capture(Capture.timestamp(TimestampPattern.epochMillis(), null));
        } else {
            // Calendar formats are read by calendarTime.
            throw error("the time format %{" + argument + "}t is not supported", at);
        }
    }

    private static Binding timeUnit(String argument) {
        if ("ms".equals(argument)) {
            return Binding.MILLIS;
        }
        return "us".equals(argument) ? Binding.MICROS : Binding.SECONDS;
    }

    private void header(char letter, String argument, int at) {
        if (argument == null) {
            throw error("%" + letter + " needs a name in braces", at);
        }
        String name = argument.toLowerCase(Locale.ROOT);
        if (letter == 'i' && (name.equals("referer") || name.equals("referrer"))) {
            layout.capture(AccessCaptures.header(Field.REFERRER));
        } else if (letter == 'i' && name.equals("user-agent")) {
            layout.capture(AccessCaptures.header(Field.USER_AGENT));
        } else if (letter == 'i' && name.equals("x-forwarded-for")) {
            layout.capture(AccessCaptures.addressList(argument));
        } else {
            layout.capture(AccessCaptures.extra(argument));
        }
    }

    private IllegalArgumentException error(String problem, int at) {
        return new IllegalArgumentException(
                problem + " at position " + (at + 1) + " of LogFormat '" + format + "'");
    }

    /** Strips httpd.conf quoting: {@code "%h \"%r\""} becomes {@code %h "%r"}. */
    private static String unquote(String format) {
        String text = format.trim();
        if (text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"")) {
            text = text.substring(1, text.length() - 1);
        }
        return text.replace("\\\"", "\"").replace("\\t", "\t");
    }
}
