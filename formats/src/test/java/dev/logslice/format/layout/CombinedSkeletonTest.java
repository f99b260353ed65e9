package dev.logslice.format.layout;

import dev.logslice.format.access.AccessFormats;
import dev.logslice.format.access.ApacheLogFormatCompiler;
import dev.logslice.format.access.NginxLogFormatCompiler;
import dev.logslice.format.log4j.PatternLayoutCompiler;
import dev.logslice.format.testing.Parsing;
import dev.logslice.format.time.LocalTimeResolver;
import dev.logslice.format.time.TimestampValue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The straight-line matcher of the combined kin agrees with the generic search on every line: same
 * verdict, same capture ranges, same times; and it is the one that matches the usual lines.
 */
class CombinedSkeletonTest {
    private static final Layout COMMON = ApacheLogFormatCompiler.compile(AccessFormats.COMMON);
    private static final Layout COMBINED = ApacheLogFormatCompiler.compile(AccessFormats.COMBINED);
    private static final Layout NGINX =
            NginxLogFormatCompiler.compile(NginxLogFormatCompiler.COMBINED);
    private static final Layout NGINX_COMMON =
            NginxLogFormatCompiler.compile(
                    "$remote_addr - $remote_user [$time_local] \"$request\" $status"
                            + " $body_bytes_sent");

    /** The default format of nginx's packages: combined and a quoted field after it. */
    private static final Layout NGINX_MAIN =
            NginxLogFormatCompiler.compile(
                    NginxLogFormatCompiler.COMBINED + " \"$http_x_forwarded_for\"");

    private static final Layout COMBINED_AND_TIME =
            ApacheLogFormatCompiler.compile(AccessFormats.COMBINED + " %D");
    private static final Layout COMMON_AND_REFERRER =
            ApacheLogFormatCompiler.compile(AccessFormats.COMMON + " \"%{Referer}i\"");
    private static final Layout VCOMBINED =
            ApacheLogFormatCompiler.compile(AccessFormats.VCOMBINED);
    private static final List<Layout> KIN =
            List.of(
                    VCOMBINED,
                    COMMON,
                    COMBINED,
                    NGINX,
                    NGINX_COMMON,
                    NGINX_MAIN,
                    COMBINED_AND_TIME,
                    COMMON_AND_REFERRER);

    @Test
    void recognisesTheCombinedKinOnly() {
        assertThat(KIN).allSatisfy(layout -> assertThat(CombinedSkeleton.of(layout)).isNotNull());
        Layout sameShape =
                ApacheLogFormatCompiler.compile(
                        "%a %l %u %t \"%r\" %s %B \"%{Referer}i\" \"%{User-Agent}i\"");
        assertThat(CombinedSkeleton.of(sameShape)).isNotNull();

        // As far as the user agent, whatever follows; or as far as the bytes.
        assertThat(CombinedSkeleton.of(COMBINED).parts()).isEqualTo(COMBINED.parts().length);
        assertThat(CombinedSkeleton.of(NGINX_MAIN).parts()).isEqualTo(NGINX.parts().length);
        assertThat(CombinedSkeleton.of(COMBINED_AND_TIME).parts())
                .isEqualTo(COMBINED.parts().length);
        assertThat(CombinedSkeleton.of(COMMON_AND_REFERRER).parts())
                .isEqualTo(COMMON.parts().length);

        assertThat(CombinedSkeleton.of(VCOMBINED).parts()).isEqualTo(VCOMBINED.parts().length);

        assertThat(
                        CombinedSkeleton.of(
                                ApacheLogFormatCompiler.compile("%v " + AccessFormats.COMBINED)))
                .isNull();
        assertThat(CombinedSkeleton.of(ApacheLogFormatCompiler.compile("%h %l %u %t %>s")))
                .isNull();
        assertThat(CombinedSkeleton.of(PatternLayoutCompiler.compile("%d %-5p [%t] %c - %m%n")))
                .isNull();
    }

    @Property(tries = 3000)
    void agreesWithTheGenericSearch(@ForAll("accessLines") String text) {
        byte[] line = text.getBytes(StandardCharsets.UTF_8);
        boolean anyStraight = false;
        boolean anySearched = false;
        for (Layout layout : KIN) {
            CombinedSkeleton skeleton = CombinedSkeleton.of(layout);
            LocalTimeResolver[] resolvers = resolvers(layout);
            LayoutMatcher generic = new LayoutMatcher();
            LayoutMatcher withSkeleton = new LayoutMatcher();

            boolean expected = generic.matches(layout, null, resolvers, line, 0, line.length);
            boolean actual =
                    withSkeleton.matches(layout, skeleton, resolvers, line, 0, line.length);

            assertThat(actual).as("%s on %s", layout, text).isEqualTo(expected);
            if (expected) {
                for (int c = 0; c < layout.captures().length; c++) {
                    assertThat(range(withSkeleton, c))
                            .as("capture %s of %s on %s", c, layout, text)
                            .containsExactly(range(generic, c));
                    if (layout.captures()[c].shape == Shape.TIMESTAMP) {
                        assertThat(timeOf(withSkeleton.time(c))).isEqualTo(timeOf(generic.time(c)));
                    }
                }
            }
            boolean straight = matchesStraight(layout, skeleton, resolvers, line);
            anyStraight |= straight;
            anySearched |= expected && !straight;
        }
        // Both ways are tried often: straight matches and lines only the search matches.
        Statistics.collect(anyStraight ? "straight" : anySearched ? "search" : "no match");
        Statistics.coverage(
                coverage -> {
                    coverage.check("straight").percentage(p -> p > 10);
                    coverage.check("search").count(n -> n > 0);
                });
    }

    @Test
    void anEscapedQuoteOrAQuoteAndSpaceInTheRequestNeedTheSearch() {
        LocalTimeResolver[] resolvers = resolvers(COMBINED);
        CombinedSkeleton skeleton = CombinedSkeleton.of(COMBINED);
        String quoteAndSpace =
                "1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] \"GET /a\" b HTTP/1.1\" 200 5"
                        + " \"-\" \"agent\"";
        byte[] line = quoteAndSpace.getBytes(StandardCharsets.UTF_8);

        assertThat(matchesStraight(COMBINED, skeleton, resolvers, line)).isFalse();
        LayoutMatcher matcher = new LayoutMatcher();
        assertThat(matcher.matches(COMBINED, skeleton, resolvers, line, 0, line.length)).isTrue();
        assertThat(quoteAndSpace.substring(matcher.start(4), matcher.end(4)))
                .isEqualTo("GET /a\" b HTTP/1.1");
    }

    /** Whether the skeleton's own parts match (the generic search has the rest). */
    private static boolean matchesStraight(
            Layout layout, CombinedSkeleton skeleton, LocalTimeResolver[] resolvers, byte[] line) {
        LayoutMatcher matcher = new LayoutMatcher();
        // Sets the matcher up for the layout and line; the skeleton then starts afresh.
        matcher.matches(layout, null, resolvers, line, 0, line.length);
        return skeleton.match(matcher, line, 0, line.length) >= 0;
    }

    private static LocalTimeResolver[] resolvers(Layout layout) {
        LocalTimeResolver[] resolvers = new LocalTimeResolver[layout.captures().length];
        Arrays.fill(resolvers, new LocalTimeResolver(Parsing.CONTEXT));
        return resolvers;
    }

    private static int[] range(LayoutMatcher matcher, int capture) {
        return new int[] {matcher.start(capture), matcher.end(capture)};
    }

    private static List<Long> timeOf(TimestampValue time) {
        return List.of(time.epochSecond, (long) time.nanos, (long) time.offsetSeconds);
    }

    /**
     * Access log lines whose fields are mostly usual and sometimes odd: spaces, tabs, quotes,
     * backslashes and brackets where they make the first guess wrong, and broken pieces.
     */
    @Provide
    Arbitrary<String> accessLines() {
        Arbitrary<String> gap = field(" ", "  ", "\t", "");
        Arbitrary<String> virtualHost =
                Arbitraries.oneOf(
                        Arbitraries.just(""),
                        field("example.com:80 ", "a b:80 ", "h:x ", "::1:443 ", ":8080  "));
        return Builders.withBuilder(StringBuilder::new)
                .use(virtualHost)
                .in(StringBuilder::append)
                .use(field("127.0.0.1", "::1", "", "a\tb", "host name"))
                .in(StringBuilder::append)
                .use(gap)
                .in(StringBuilder::append)
                .use(field("-", "- -", "ident"))
                .in(StringBuilder::append)
                .use(gap)
                .in(StringBuilder::append)
                .use(field("-", "frank", "a b", "x [y", "[", " "))
                .in(StringBuilder::append)
                .use(field(" [", "  [", "[", " ( "))
                .in(StringBuilder::append)
                .use(
                        field(
                                "10/Oct/2000:13:55:36 -0700",
                                "01/Jan/2016:00:00:00 +0000",
                                "10/Oct/2000:13:55:36",
                                "31/Feb/2016:25:00:00 +0000"))
                .in(StringBuilder::append)
                .use(field("] \"", "]  \"", "]\"", "] "))
                .in(StringBuilder::append)
                .use(
                        field(
                                "GET /a?b=c HTTP/1.1",
                                "-",
                                "GET /\\\" HTTP/1.0",
                                "GET /a\" b HTTP/1.1",
                                "\\\\",
                                "x\"y"))
                .in(StringBuilder::append)
                .use(field("\" ", "\"  ", "\"", " "))
                .in(StringBuilder::append)
                .use(field("200", "404", "-", "1234567890123456789", "2x"))
                .in(StringBuilder::append)
                .use(gap)
                .in(StringBuilder::append)
                .use(field("2326", "-", "0", "1.5", ""))
                .in(StringBuilder::append)
                .use(
                        field(
                                "",
                                " \"-\" \"Mozilla/5.0 (X11)\"",
                                " \"http://a/\" \"curl/8\"",
                                " \"a\\\"\" \"b\\\\\"",
                                " \"a\" \"b\" \"c\"",
                                " \"a\"  \"b\\\" \" c\"",
                                " \"a\" b\" \"c\"",
                                "  \"\" \"\""))
                .in(StringBuilder::append)
                .use(field("", " ", " trailing", "\t", " \"10.0.0.1\"", " 1234", " \"\\\" \"x\""))
                .in(StringBuilder::append)
                .build(StringBuilder::toString);
    }

    /**
     * Mostly the first sample (the usual value), sometimes another, sometimes a short run of the
     * bytes that matter to the match.
     */
    private static Arbitrary<String> field(String usual, String... others) {
        return Arbitraries.frequencyOf(
                Tuple.of(12, Arbitraries.just(usual)),
                Tuple.of(3, Arbitraries.of(others)),
                Tuple.of(1, Arbitraries.strings().withChars(" \t\"\\[]-a0/:").ofMaxLength(6)));
    }
}
