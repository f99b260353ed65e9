package dev.logslice.format.access;

import dev.logslice.format.Field;
import dev.logslice.format.layout.Binding;
import dev.logslice.format.layout.Capture;
import dev.logslice.format.layout.Layout;
import dev.logslice.format.layout.Shape;
import dev.logslice.format.time.TimestampPattern;

import java.util.Locale;

/**
 * Compiles an Apache httpd {@code LogFormat} string ({@code %h %l %u %t \"%r\" %>s %b}) to a {@link
 * Layout} that tolerates fields appended after the last one.
 */
public final class ApacheLogFormatCompiler {
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
        return new ApacheLogFormatCompiler(logFormat).run();
    }

    private Layout run() {
        int i = 0;
        while (i < format.length()) {
            char c = format.charAt(i);
            if (c != '%') {
                layout.literal(String.valueOf(c));
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
            directive(format.charAt(j), argument, i);
            i = j + 1;
        }
        return layout.build(true);
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
        if (argument == null) {
            layout.literal("[").capture(AccessCaptures.localTime()).literal("]");
        } else if (argument.equals("sec")) {
            layout.capture(Capture.timestamp(TimestampPattern.epochSeconds(), null));
        } else if (argument.equals("msec")) {
            layout.capture(Capture.timestamp(TimestampPattern.epochMillis(), null));
        } else {
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
