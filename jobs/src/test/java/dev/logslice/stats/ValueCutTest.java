package dev.logslice.stats;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Long panel values are kept as a marked prefix that no short value can be taken for. */
class ValueCutTest {
    @Property(tries = 300)
    void aLongValueIsCutAtACharacterBoundaryJustPastTheLimit(
            @ForAll @StringLength(min = 700, max = 3000) String text,
            @ForAll @IntRange(min = 0, max = 3) int asciiPadding) {
        byte[] value = ("x".repeat(asciiPadding) + text).getBytes(StandardCharsets.UTF_8);
        if (value.length <= ValueCut.MAX_BYTES) {
            return;
        }
        ValueCut cut = new ValueCut();
        int length = cut.cut(value, 0, value.length);
        String kept = new String(cut.bytes(), 0, length, StandardCharsets.UTF_8);

        int prefix = length - ValueCut.MARK.getBytes(StandardCharsets.UTF_8).length;
        assertThat(length).isBetween(ValueCut.MAX_BYTES + 1, ValueCut.MAX_BYTES + 4);
        assertThat(prefix).isBetween(ValueCut.MAX_BYTES - 2, ValueCut.MAX_BYTES + 1);
        // At a character boundary: the next byte begins a character.
        assertThat(value[prefix] & 0xC0).isNotEqualTo(0x80);
        assertThat(Arrays.copyOf(cut.bytes(), prefix)).isEqualTo(Arrays.copyOf(value, prefix));
        assertThat(kept).endsWith(ValueCut.MARK);
        assertThat(ValueCut.isCut(kept)).isTrue();
    }

    @Property
    void aCharacterOfAnyWidthAcrossTheLimitIsKeptWholeOrLeftOut(
            @ForAll @IntRange(min = 1, max = 4) int width,
            @ForAll @IntRange(min = 0, max = 4) int shift) {
        String wide =
                new String(Character.toChars(new int[] {'a', 0xE9, 0x20AC, 0x1F600}[width - 1]));
        String text = "a".repeat(ValueCut.MAX_BYTES - 4 + shift) + wide.repeat(3) + "b".repeat(9);
        byte[] value = text.getBytes(StandardCharsets.UTF_8);
        ValueCut cut = new ValueCut();
        int length = cut.cut(value, 0, value.length);
        String kept = new String(cut.bytes(), 0, length, StandardCharsets.UTF_8);

        assertThat(length).isGreaterThan(ValueCut.MAX_BYTES);
        assertThat(text).startsWith(kept.substring(0, kept.length() - ValueCut.MARK.length()));
        assertThat(ValueCut.isCut(kept)).isTrue();
    }

    @Property(tries = 300)
    void noValueWithinTheLimitReadsAsCutEvenWhenItEndsWithTheMark(
            @ForAll @StringLength(max = 1200) String text) {
        String value = text + ValueCut.MARK;
        if (value.getBytes(StandardCharsets.UTF_8).length <= ValueCut.MAX_BYTES) {
            assertThat(ValueCut.isCut(value)).isFalse();
        }
    }

    @Test
    void longValuesSharingTheirFirstTwoKibCountAsOneMarkedRow() {
        byte[] head = new byte[3 << 20];
        Arrays.fill(head, (byte) 'A');
        byte[] other = head.clone();
        other[other.length - 1] = 'B';
        LogStats stats = new LogStats();
        stats.add(Panel.USER_AGENTS, head, 0, head.length);
        stats.add(Panel.USER_AGENTS, other, 0, other.length);
        stats.add(Panel.USER_AGENTS, head, 0, head.length);
        stats.add(Panel.USER_AGENTS, "curl/8.5.0");

        List<ValueCount> top = LogStats.fromBytes(stats.toBytes()).top(Panel.USER_AGENTS, 10);

        assertThat(top).hasSize(2);
        assertThat(top.get(0).count()).isEqualTo(3);
        assertThat(top.get(0).truncated()).isTrue();
        assertThat(top.get(0).value()).isEqualTo("A".repeat(ValueCut.MAX_BYTES) + ValueCut.MARK);
        assertThat(top.get(1)).isEqualTo(new ValueCount("curl/8.5.0", 1));
        assertThat(top.get(1).truncated()).isFalse();
    }

    @Test
    void aValueOfExactlyTheLimitIsKeptWhole() {
        String value = "/" + "p".repeat(ValueCut.MAX_BYTES - 1);
        LogStats stats = new LogStats();
        stats.add(Panel.PATHS, value);

        assertThat(stats.top(Panel.PATHS, 1)).containsExactly(new ValueCount(value, 1));
    }
}
