package dev.logslice.benchmark;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class StatusCodesTest {

    @Test
    void statusFollowsTheQuotedRequest() {
        assertThat(
                        StatusCodes.of(
                                "1.2.3.4 - - [01/Mar/2026:00:00:00 +0000] \"GET /a HTTP/1.1\" 404"
                                        + " 12 \"-\" \"curl\""))
                .isEqualTo("404");
        assertThat(
                        StatusCodes.of(
                                "1.2.3.4 - - [01/Mar/2026:00:00:00 +0000] \"GET / HTTP/1.1\" 200"))
                .isEqualTo("200");
    }

    @Test
    void linesWithoutRequestAndStatusCountAsNone() {
        assertThat(StatusCodes.of("")).isEqualTo(StatusCodes.NONE);
        assertThat(StatusCodes.of("Mar  1 00:00:00 host sshd[1]: Accepted"))
                .isEqualTo(StatusCodes.NONE);
        assertThat(StatusCodes.of("1.2.3.4 - - [01/Mar/2026] \"GET / HTTP/1.1\" 2"))
                .isEqualTo(StatusCodes.NONE);
        assertThat(StatusCodes.of("1.2.3.4 - - [01/Mar/2026] \"GET /a\\\"b HTTP/1.1\" 200 1"))
                .isEqualTo(StatusCodes.NONE);
    }

    @Test
    void formatsCountsByCode() {
        assertThat(StatusCodes.format(Map.of("500", 2L, "200", 10L, "404", 1L)))
                .isEqualTo("200=10 404=1 500=2");
    }
}
