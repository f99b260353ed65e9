package dev.logslice.format.access;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A status is exactly three digits, whatever the layout: {@code 000} (nginx, no response sent),
 * {@code 499} and {@code 999} are kept as written; {@code 20}, {@code 1000} or {@code -} make the
 * line malformed, as any other field that does not fit.
 */
class AccessStatusTest {
    private static final String HEAD =
            "10.0.0.1 - - [10/Oct/2000:13:55:36 +0000] \"GET /a HTTP/1.1\" ";

    /** A layout and a line of it with {@code {status}} where the status goes. */
    private record Sample(LogFormat format, String line) {
        @Override
        public String toString() {
            return line;
        }
    }

    /** The status in each place the matcher treats differently. */
    private static final List<Sample> SAMPLES =
            List.of(
                    new Sample(
                            AccessFormats.apache("combined", AccessFormats.COMBINED),
                            HEAD + "{status} 5 \"-\" \"curl\""),
                    new Sample(
                            AccessFormats.apache("common", AccessFormats.COMMON),
                            HEAD + "{status} 5"),
                    new Sample(
                            AccessFormats.apache("vcombined", AccessFormats.VCOMBINED),
                            "example.com:443 " + HEAD + "{status} 5 \"-\" \"curl\""),
                    new Sample(
                            AccessFormats.nginx(
                                    "$remote_addr - $remote_user [$time_local] \"$request\""
                                            + " $status $body_bytes_sent \"$http_referer\""
                                            + " \"$http_user_agent\""),
                            HEAD + "{status} 5 \"-\" \"curl\""),
                    // No combined skeleton: the generic matcher, with the status last and first.
                    new Sample(
                            AccessFormats.apache("tail", "%h \"%r\" %>s"),
                            "10.0.0.1 \"GET /a HTTP/1.1\" {status}"),
                    new Sample(AccessFormats.nginx("$status $request_time"), "{status} 0.001"));

    @Property(tries = 600)
    void statusIsExactlyThreeDigits(
            @ForAll("samples") Sample sample, @ForAll("statuses") String status) {
        ParseResult result =
                Parsing.result(
                        sample.format().newParser(Parsing.CONTEXT),
                        sample.line().replace("{status}", status));

        if (status.matches("[0-9]{3}")) {
            assertThat(result).isInstanceOf(LogEvent.class);
            assertThat(((LogEvent) result).status()).isEqualTo(Integer.parseInt(status));
        } else {
            assertThat(result).isInstanceOf(MalformedLine.class);
        }
    }

    @Provide
    Arbitrary<Sample> samples() {
        return Arbitraries.of(SAMPLES);
    }

    @Provide
    Arbitrary<String> statuses() {
        return Arbitraries.oneOf(
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(6),
                Arbitraries.of("000", "009", "499", "599", "600", "999", "-", "20", "1000", "2OO"));
    }
}
