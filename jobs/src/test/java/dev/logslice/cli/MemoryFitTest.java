package dev.logslice.cli;

import dev.logslice.job.EmbeddedMemory;

import org.apache.flink.configuration.MemorySize;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Read options against a JVM's memory: refused with the limit, or the default line shrunk. */
class MemoryFitTest {
    private static final long MIB = 1 << 20;
    private static final EmbeddedMemory SMALL = new EmbeddedMemory(512 * MIB, 512 * MIB);

    @Test
    void tooManyReadersAreRefusedWithTheMaximumThatFits() {
        int max = SMALL.maxParallelism(MIB);

        assertThat(max).isBetween(8, 200);
        assertThat(MemoryFit.lineLimit(SMALL, options(max, "1m", "1m")).getBytes()).isEqualTo(MIB);
        assertThatThrownBy(() -> MemoryFit.lineLimit(SMALL, options(10_000, "1m", "1m")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("-p 10000 is more readers than this JVM's memory holds")
                .hasMessageContaining("at most -p " + max + ";");
        assertThatThrownBy(() -> MemoryFit.lineLimit(SMALL, options(max + 1, "1m", "1m")))
                .hasMessageContaining("at most -p " + max + ";");
    }

    @Test
    void bigReadBuffersLowerTheMaximum() {
        assertThat(SMALL.maxParallelism(16 * MIB)).isLessThan(SMALL.maxParallelism(MIB) / 4);
    }

    @Test
    void aLineLongerThanTheHeapHoldsIsRefusedWithTheHeapSize() {
        assertThatThrownBy(() -> MemoryFit.lineLimit(SMALL, options(2, "1m", "300m")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "--max-line-length 300.0 MiB is longer than a 512.0 MiB heap holds at -p 2")
                .hasMessageContaining("at most 205m;");
        assertThat(MemoryFit.lineLimit(SMALL, options(2, "1m", "205m")).getBytes())
                .isEqualTo(205 * MIB);
    }

    @Test
    void theDefaultLineLengthShrinksToFitASmallHeap() {
        EmbeddedMemory tiny = new EmbeddedMemory(192 * MIB, 192 * MIB);
        ReadOptions defaults = options(4, "1m", null);

        long limit = MemoryFit.lineLimit(tiny, defaults).getBytes();

        assertThat(limit).isLessThan(64 * MIB).isEqualTo(tiny.maxLineLength(4, MIB));
        assertThat(MemoryFit.lineLimit(SMALL, defaults)).isEqualTo(MemorySize.parse("64m"));
    }

    private static ReadOptions options(int parallelism, String buffer, String maxLine) {
        ReadOptions read = new ReadOptions();
        read.parallelism = parallelism;
        read.bufferSize = MemorySize.parse(buffer);
        if (maxLine != null) {
            read.maxLineLength = MemorySize.parse(maxLine);
        }
        return read;
    }
}
