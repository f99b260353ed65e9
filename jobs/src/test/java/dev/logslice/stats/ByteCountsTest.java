package dev.logslice.stats;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class ByteCountsTest {

    @Property(tries = 30)
    void countsEveryValueExactlyAcrossDrains(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 40_000) int distinct,
            @ForAll @IntRange(min = 0, max = 60_000) int occurrences) {
        Random random = new Random(seed);
        ByteCounts counts = new ByteCounts();
        Map<String, Long> expected = new HashMap<>();
        Map<String, Long> drained = new HashMap<>();
        for (int i = 0; i < occurrences; i++) {
            // Values of all lengths, some sharing prefixes, some not ASCII.
            String value = "/p/" + random.nextInt(distinct) + "/é".repeat(random.nextInt(3));
            expected.merge(value, 1L, Long::sum);
            // A value sits in a larger buffer, as a field sits in its line.
            byte[] line = ("GET " + value + " HTTP/1.1").getBytes(StandardCharsets.UTF_8);
            if (counts.isFull()) {
                counts.drain((v, c) -> drained.merge(v, c, Long::sum));
            }
            counts.add(line, 4, line.length - " HTTP/1.1".length());
        }
        counts.drain((v, c) -> drained.merge(v, c, Long::sum));

        assertThat(drained).isEqualTo(expected);
        assertThat(counts.isEmpty()).isTrue();
    }

    @Property(tries = 10)
    void drainsInFirstSeenOrderAndForgets(@ForAll long seed) {
        Random random = new Random(seed);
        ByteCounts counts = new ByteCounts();
        Map<String, Long> expected = new LinkedHashMap<>();
        for (int i = 0; i < 500; i++) {
            String value = Integer.toString(random.nextInt(100));
            expected.merge(value, 1L, Long::sum);
            add(counts, value);
        }
        List<String> order = new ArrayList<>();
        counts.drain((v, c) -> order.add(v));
        assertThat(order).containsExactlyElementsOf(expected.keySet());

        add(counts, "again");
        Map<String, Long> second = new HashMap<>();
        counts.drain((v, c) -> second.put(v, c));
        assertThat(second).containsExactly(Map.entry("again", 1L));
    }

    @Property(tries = 5)
    void isFullBeforeItRunsOutOfRoom(@ForAll @IntRange(min = 1, max = 3) int lengthFactor) {
        ByteCounts counts = new ByteCounts();
        int added = 0;
        while (!counts.isFull()) {
            add(counts, Integer.toString(added++).repeat(lengthFactor * 20));
        }
        // Full by value count or by bytes, never later than the table's load limit.
        assertThat(added).isPositive().isLessThanOrEqualTo(3 * (1 << 14) / 4);
    }

    @Property(tries = 20)
    void readsBackWhatItWroteValuesCountsAndOrder(
            @ForAll long seed, @ForAll @IntRange(min = 0, max = 5_000) int occurrences)
            throws IOException {
        Random random = new Random(seed);
        ByteCounts counts = new ByteCounts();
        for (int i = 0; i < occurrences; i++) {
            String value = "/v/" + random.nextInt(1 + occurrences / 3) + "é".repeat(i % 3);
            byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
            counts.add(bytes, 0, bytes.length, 1 + random.nextInt(3));
        }
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        counts.write(new DataOutputStream(buffer));
        ByteCounts read =
                ByteCounts.read(
                        new DataInputStream(new ByteArrayInputStream(buffer.toByteArray())));

        assertThat(inOrder(read)).containsExactlyEntriesOf(inOrder(counts));
        // The copy counts on like the original.
        add(read, "/v/0");
        add(counts, "/v/0");
        assertThat(inOrder(read)).containsExactlyEntriesOf(inOrder(counts));
    }

    private static Map<String, Long> inOrder(ByteCounts counts) {
        Map<String, Long> values = new LinkedHashMap<>();
        counts.forEach(
                (b, start, end, count) ->
                        values.put(
                                new String(b, start, end - start, StandardCharsets.UTF_8), count));
        return values;
    }

    private static void add(ByteCounts counts, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        counts.add(bytes, 0, bytes.length);
    }
}
