package dev.logslice.format;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Level names of several logging systems on one scale. */
class SeverityTest {

    @Test
    void namesOfEveryLoggingSystemInAnyCase() {
        assertThat(Severity.of("WARN")).isEqualTo(Severity.WARNING);
        assertThat(Severity.of("warning")).isEqualTo(Severity.WARNING);
        assertThat(Severity.of("err")).isEqualTo(Severity.ERROR);
        assertThat(Severity.of("SEVERE")).isEqualTo(Severity.ERROR);
        assertThat(Severity.of("Fatal")).isEqualTo(Severity.CRITICAL);
        assertThat(Severity.of("emerg")).isEqualTo(Severity.EMERGENCY);
        assertThat(Severity.of("FINEST")).isEqualTo(Severity.TRACE);
        assertThat(Severity.of("trace6")).isEqualTo(Severity.TRACE);
        assertThat(Severity.of("INFO ")).isEqualTo(Severity.INFO);
        assertThat(Severity.of("eror")).isEqualTo(Severity.ERROR);
        assertThat(Severity.of("dbug")).isEqualTo(Severity.DEBUG);
    }

    @Test
    void unknownNamesHaveNoSeverity() {
        assertThat(Severity.of("LOUD")).isNull();
        assertThat(Severity.of("trace")).isEqualTo(Severity.TRACE);
        assertThat(Severity.of("tracex")).isNull();
        assertThat(Severity.of("")).isNull();
    }

    @Test
    void errorAndWorse() {
        assertThat(Severity.of("FATAL").isAtLeast(Severity.ERROR)).isTrue();
        assertThat(Severity.of("crit").isAtLeast(Severity.ERROR)).isTrue();
        assertThat(Severity.of("ERROR").isAtLeast(Severity.ERROR)).isTrue();
        assertThat(Severity.of("WARN").isAtLeast(Severity.ERROR)).isFalse();
        assertThat(Severity.of("notice").isAtLeast(Severity.INFO)).isTrue();
    }
}
