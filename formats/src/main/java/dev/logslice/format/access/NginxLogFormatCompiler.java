package dev.logslice.format.access;

import dev.logslice.format.Field;
import dev.logslice.format.layout.Binding;
import dev.logslice.format.layout.Capture;
import dev.logslice.format.layout.Layout;
import dev.logslice.format.layout.Shape;
import dev.logslice.format.time.TimestampPattern;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compiles an nginx {@code log_format} string to a {@link Layout} that tolerates fields appended
 * after the last one. Known variables fill event fields ({@code $request_time} the request time);
 * every other variable ({@code $upstream_response_time}, {@code $http_x_forwarded_for}) goes to
 * {@code extra} under its name, {@code -} meaning null. The {@code $upstream_*} variables that hold
 * a value per upstream tried are read as such lists ({@link Shape#UPSTREAM_LIST}).
 */
public final class NginxLogFormatCompiler {
    /** nginx's predefined {@code combined} format. */
    public static final String COMBINED =
            "$remote_addr - $remote_user [$time_local] \"$request\" $status $body_bytes_sent"
                    + " \"$http_referer\" \"$http_user_agent\"";

    private static final Pattern VARIABLE =
            Pattern.compile("\\$(?:\\{([A-Za-z0-9_]+)\\}|([A-Za-z0-9_]+))");
    private static final Pattern QUOTED_PIECE =
            Pattern.compile("'([^']*)'|\"((?:[^\"\\\\]|\\\\.)*)\"");

    private NginxLogFormatCompiler() {}

    /**
     * The layout of a format string; a whole {@code log_format name [escape=..] '...' '...';}
     * directive is accepted too, its quoted pieces joined.
     */
    public static Layout compile(String logFormat) {
        String format = stripDirective(logFormat);
        Layout.Builder layout = Layout.builder(format);
        boolean hasBodyBytes = format.contains("$body_bytes_sent");
        Matcher variables = VARIABLE.matcher(format);
        int at = 0;
        while (variables.find()) {
            if (variables.start() > at) {
                layout.literal(format.substring(at, variables.start()));
            }
            String name = variables.group(1) != null ? variables.group(1) : variables.group(2);
            layout.capture(capture(name, hasBodyBytes));
            at = variables.end();
        }
        if (at < format.length()) {
            layout.literal(format.substring(at));
        }
        return layout.build(true);
    }

    private static Capture capture(String name, boolean hasBodyBytes) {
        switch (name) {
            case "remote_addr":
            case "realip_remote_addr":
                return AccessCaptures.client();
            case "remote_user":
                return AccessCaptures.user();
            case "time_local":
                return AccessCaptures.localTime();
            case "time_iso8601":
                return Capture.timestamp(TimestampPattern.of("yyyy-MM-dd'T'HH:mm:ssXXX"), null);
            case "msec":
                return Capture.timestamp(TimestampPattern.epochSeconds(), null);
            case "request":
                return AccessCaptures.requestLine();
            case "request_method":
                return AccessCaptures.string(Field.METHOD);
            case "request_uri":
            case "uri":
                return AccessCaptures.string(Field.PATH);
            case "server_protocol":
                return AccessCaptures.string(Field.PROTOCOL);
            case "status":
                return AccessCaptures.status();
            case "body_bytes_sent":
                return AccessCaptures.bytes();
            case "bytes_sent":
                return hasBodyBytes
                        ? Capture.extra(name, Shape.DIGITS_OR_DASH)
                        : AccessCaptures.bytes();
            case "http_referer":
                return AccessCaptures.header(Field.REFERRER);
            case "http_user_agent":
                return AccessCaptures.header(Field.USER_AGENT);
            case "request_time":
                return AccessCaptures.requestTime(Binding.SECONDS);
            case "host":
            case "server_name":
            case "hostname":
                return AccessCaptures.string(Field.HOST);
            case "pid":
                return Capture.converted(Binding.PID, Shape.DIGITS);
            case "upstream_addr":
            case "upstream_status":
            case "upstream_response_time":
            case "upstream_connect_time":
            case "upstream_header_time":
            case "upstream_bytes_received":
            case "upstream_bytes_sent":
            case "upstream_response_length":
                return Capture.extra(name, Shape.UPSTREAM_LIST).dashIsNull();
            case "http_x_forwarded_for":
            case "proxy_add_x_forwarded_for":
                return AccessCaptures.addressList(name);
            default:
                return AccessCaptures.extra(name);
        }
    }

    private static String stripDirective(String text) {
        String trimmed = text.trim();
        if (!trimmed.startsWith("log_format")) {
            return trimmed;
        }
        StringBuilder joined = new StringBuilder();
        Matcher pieces = QUOTED_PIECE.matcher(trimmed);
        while (pieces.find()) {
            joined.append(
                    pieces.group(1) != null
                            ? pieces.group(1)
                            : pieces.group(2).replace("\\\"", "\""));
        }
        if (joined.length() == 0) {
            throw new IllegalArgumentException("no quoted format in '" + text + "'");
        }
        return joined.toString();
    }
}
