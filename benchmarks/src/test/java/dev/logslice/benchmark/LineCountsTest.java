package dev.logslice.benchmark;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Line feeds counted in ranges, including ones shorter than a SWAR word. */
class LineCountsTest {
    @Test
    void countsLineFeedsInTheRangeOnly() {
        byte[] bytes = "a\nbb\n\nccc\r\nno end".getBytes(StandardCharsets.US_ASCII);
        assertThat(LineCounts.of(bytes, 0, bytes.length)).isEqualTo(4);
        assertThat(LineCounts.of(bytes, 2, 5)).isEqualTo(1);
        assertThat(LineCounts.of(bytes, 11, bytes.length)).isZero();
    }
}
