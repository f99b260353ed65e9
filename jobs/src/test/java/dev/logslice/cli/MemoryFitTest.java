package dev.logslice.cli;

import dev.logslice.job.EmbeddedMemory;
import dev.logslice.job.ReaderOutput;

import org.apache.flink.configuration.MemorySize;

import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Read options against a JVM's memory: refused with the limit, or the default line shrunk. */
class MemoryFitTest {
    private static final long MIB = 1 << 20;
    private static final EmbeddedMemory SMALL = new EmbeddedMemory(512 * MIB, 512 * MIB);

    @Test
    void tooManyReadersAreRefusedWithTheMaximumThatFits() {
        int max = SMALL.maxParallelism(MIB, ReaderOutput.LINES);

        assertThat(max).isBetween(8, 200);
        assertThat(
                        MemoryFit.lineLimit(SMALL, options(max, "1m", "1m"), ReaderOutput.LINES)
                                .getBytes())
                .isEqualTo(MIB);
        assertThatThrownBy(
                        () ->
                                MemoryFit.lineLimit(
                                        SMALL, options(10_000, "1m", "1m"), ReaderOutput.LINES))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("-p 10000 is more readers than this JVM's memory holds")
                .hasMessageMatching(".*at most -p " + max + "(; .*)?");
        assertThatThrownBy(
                        () ->
                                MemoryFit.lineLimit(
                                        SMALL, options(max + 1, "1m", "1m"), ReaderOutput.LINES))
                .hasMessageMatching(".*at most -p " + max + "(; .*)?");
    }

    @Test
    void bigReadBuffersLowerTheMaximum() {
        assertThat(SMALL.maxParallelism(16 * MIB, ReaderOutput.LINES))
                .isLessThan(SMALL.maxParallelism(MIB, ReaderOutput.LINES) / 4);
    }

    @Test
    void aLineLongerThanTheHeapHoldsIsRefusedWithTheHeapSize() {
        assertThatThrownBy(
                        () ->
                                MemoryFit.lineLimit(
                                        SMALL, options(2, "1m", "300m"), ReaderOutput.LINES))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "--max-line-length 300.0 MiB is longer than a 512.0 MiB heap holds at -p 2")
                .hasMessageContaining("at most 205m;");
        assertThat(
                        MemoryFit.lineLimit(SMALL, options(2, "1m", "205m"), ReaderOutput.LINES)
                                .getBytes())
                .isEqualTo(205 * MIB);
    }

    @Test
    void theDefaultLineLengthShrinksToFitASmallHeap() {
        EmbeddedMemory tiny = new EmbeddedMemory(192 * MIB, 192 * MIB);
        ReadOptions defaults = options(4, "1m", null);

        long limit = MemoryFit.lineLimit(tiny, defaults, ReaderOutput.LINES).getBytes();

        assertThat(limit)
                .isLessThan(64 * MIB)
                .isEqualTo(tiny.maxLineLength(4, MIB, ReaderOutput.LINES));
        assertThat(MemoryFit.lineLimit(SMALL, defaults, ReaderOutput.LINES))
                .isEqualTo(MemorySize.parse("64m"));
    }

    @Test
    void statsAndParseHoldMorePerReaderThanScan() {
        int lines = SMALL.maxParallelism(MIB, ReaderOutput.LINES);
        int stats = SMALL.maxParallelism(MIB, ReaderOutput.STATS);
        int json = SMALL.maxParallelism(MIB, ReaderOutput.JSON);

        // Direct memory bounds lines: 492 MiB past the base and a slot's network buffers, 5 MiB
        // a reader (4 MiB of network buffers, its read buffer). The heap bounds stats and parse:
        // 416 MiB past its base, 7 MiB a stats reader and 9 a parse reader.
        assertThat(lines).isEqualTo(98);
        assertThat(stats).isEqualTo(59);
        assertThat(json).isEqualTo(46);
        assertThatThrownBy(
                        () ->
                                MemoryFit.lineLimit(
                                        SMALL, options(stats + 1, "1m", "1m"), ReaderOutput.STATS))
                .hasMessageContaining("at most -p " + stats + ";");
        assertThat(SMALL.maxLineLength(2, MIB, ReaderOutput.JSON))
                .isLessThan(SMALL.maxLineLength(2, MIB, ReaderOutput.LINES));
    }

    /** The least whole GiB above the heap that fits, within the machine; none when none does. */
    @Test
    void moreMemoryIsTheLeastHeapAboveThisOneThatFitsWithinTheMachine() {
        long gib = 1L << 30;
        long heap = 5_900 * MIB;

        assertThat(MemoryFit.moreMemory(heap, 64 * gib, h -> true))
                .hasValue("LOGSLICE_JAVA_OPTS=-Xmx6g");
        assertThat(MemoryFit.moreMemory(heap, 0, h -> h >= 11 * gib))
                .hasValue("LOGSLICE_JAVA_OPTS=-Xmx11g");
        assertThat(MemoryFit.moreMemory(6 * gib, 64 * gib, h -> true))
                .hasValue("LOGSLICE_JAVA_OPTS=-Xmx7g");
        assertThat(MemoryFit.moreMemory(heap, 8 * gib + MIB, h -> h >= 9 * gib)).isEmpty();
        assertThat(MemoryFit.moreMemory(6 * gib, 6 * gib, h -> true)).isEmpty();
    }

    /** A read buffer larger than the heap: a heap that holds one reader of it, or none. */
    @Test
    void aBufferLargerThanTheHeapIsToldAHeapThatHoldsIt() {
        assertThatThrownBy(
                        () ->
                                MemoryFit.lineLimit(
                                        SMALL, options(2, "2g", "1m"), ReaderOutput.LINES))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "--buffer-size 2.0 GiB is more than this JVM's memory holds for one reader"
                                + " (512.0 MiB heap): give a smaller one")
                .satisfies(
                        e -> {
                            Matcher xmx = Pattern.compile("-Xmx(\\d+)g$").matcher(e.getMessage());
                            if (xmx.find()) {
                                long heap = Long.parseLong(xmx.group(1)) << 30;
                                assertThat(
                                                new EmbeddedMemory(heap, heap)
                                                        .maxParallelism(
                                                                2L << 30, ReaderOutput.LINES))
                                        .isGreaterThanOrEqualTo(2);
                            }
                        });
    }

    /** At a 5.9 GiB heap, -Xmx4g (the advice once given whatever the heap) would be less. */
    @Test
    void tooManyReadersOnALargeHeapAreNotToldToTakeLess() {
        EmbeddedMemory large = new EmbeddedMemory(5_900 * MIB, 5_900 * MIB);

        assertThatThrownBy(
                        () ->
                                MemoryFit.lineLimit(
                                        large, options(1_000_000, "1m", "1m"), ReaderOutput.LINES))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("-Xmx4g")
                .satisfies(
                        e ->
                                assertThat(e.getMessage())
                                        .satisfiesAnyOf(
                                                m -> assertThat(m).doesNotContain("-Xmx"),
                                                m ->
                                                        assertThat(m)
                                                                .containsPattern(
                                                                        "-Xmx([7-9]|1[0-2])g$")));
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
