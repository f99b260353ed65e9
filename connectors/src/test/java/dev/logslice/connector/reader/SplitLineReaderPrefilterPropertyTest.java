package dev.logslice.connector.reader;

import dev.logslice.connector.io.ByteArrayReadChannel;
import dev.logslice.connector.source.LinePrefilter;
import dev.logslice.connector.testing.LineAt;
import dev.logslice.connector.testing.RandomGrep;

import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import java.util.regex.Pattern;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random regexes x random files x random splits, buffer sizes, maximum line lengths and read sizes:
 * a reader with the regex's prefilter, its lines then matched with the regex, gives exactly the
 * matching lines a reader without one gives (offsets, bytes, terminators, indices in the split),
 * and counts the same lines and oversized lines (at the same offsets). Sparse files, mostly lines
 * without any literal, make the reader skip long stretches of its buffer.
 */
class SplitLineReaderPrefilterPropertyTest {

    @Property(tries = 400)
    void prefilteredSplitsGiveTheSameMatchesAndCounts(
            @ForAll long patternSeed,
            @ForAll long fileSeed,
            @ForAll @IntRange(min = 0, max = 4) int cutCount,
            @ForAll @IntRange(min = 1, max = 3) int bufferPages,
            @ForAll @IntRange(min = 1, max = 3000) int maxLineLength,
            @ForAll boolean tinyReads,
            @ForAll boolean sparse)
            throws IOException {
        RandomGrep.Regex regex = RandomGrep.regex(patternSeed);
        Pattern pattern = regex.pattern();
        LinePrefilter prefilter = LinePrefilter.forRegex(regex.source(), regex.flags());
        Random random = new Random(fileSeed);
        byte[] file =
                sparse
                        ? RandomGrep.sparseFile(random, random.nextInt(400))
                        : RandomGrep.file(random, random.nextInt(120));
        TreeSet<Long> cuts = new TreeSet<>();
        cuts.add(0L);
        cuts.add((long) file.length);
        for (int i = 0; i < cutCount && file.length > 0; i++) {
            cuts.add(cut(file, random));
        }
        Long[] bounds = cuts.toArray(Long[]::new);
        int bufferSize = bufferPages * 4096;
        for (int i = 0; i + 1 < bounds.length; i++) {
            SplitRead plain =
                    read(
                            file,
                            bounds[i],
                            bounds[i + 1],
                            bufferSize,
                            maxLineLength,
                            null,
                            tinyReads ? fileSeed : null);
            SplitRead prefiltered =
                    read(
                            file,
                            bounds[i],
                            bounds[i + 1],
                            bufferSize,
                            maxLineLength,
                            prefilter,
                            tinyReads ? fileSeed + 1 : null);
            String what =
                    String.format(
                            "%s, %s, split [%d, %d)", regex, prefilter, bounds[i], bounds[i + 1]);
            assertThat(matching(prefiltered, pattern))
                    .as(what)
                    .containsExactlyElementsOf(matching(plain, pattern));
            assertThat(prefiltered.stats().lines()).as(what).isEqualTo(plain.stats().lines());
            assertThat(prefiltered.stats().oversizedLines())
                    .as(what)
                    .isEqualTo(plain.stats().oversizedLines());
            assertThat(prefiltered.stats().oversizedLineOffsets)
                    .as(what)
                    .isEqualTo(plain.stats().oversizedLineOffsets);
        }
    }

    /** Of the parts every match holds, the reader searches for the one its text holds least. */
    @Example
    void aReaderSearchesForThePartItsLinesHoldLeastOften() throws IOException {
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            log.append("10.0.0.")
                    .append(i % 250)
                    .append(" - - [15/Jan/2024:10:20:30 +0000] \"GET /p/")
                    .append(i)
                    .append(" HTTP/1.1\" ")
                    .append(i % 10 == 0 ? 503 : 200)
                    .append(" 612\n");
        }
        byte[] file = log.toString().getBytes(UTF_8);
        LinePrefilter prefilter = LinePrefilter.forRegex("HTTP/1.1\" 50[0-9] ", 0);

        SplitRead read = read(file, 0, file.length, 16 * 4096, 1 << 20, prefilter, null);

        // Every line holds HTTP/1, the literal the regex alone would pick; one in ten 1" 50.
        assertThat(read.lines()).hasSize(100).allMatch(line -> line.content().contains("\" 503 "));
        assertThat(read.stats().lines()).isEqualTo(1000);
    }

    /** A split point: anywhere, or (half the time) a line's start, where skips must stop. */
    private static long cut(byte[] file, Random random) {
        int at = random.nextInt(file.length);
        if (random.nextBoolean()) {
            while (at < file.length && file[at] != '\n') {
                at++;
            }
            at = Math.min(at + 1, file.length);
        }
        return at;
    }

    /** The lines the regex matches, each with its index in the split. */
    private static List<Map.Entry<LineAt, Long>> matching(SplitRead read, Pattern pattern) {
        List<Map.Entry<LineAt, Long>> matching = new ArrayList<>();
        for (int i = 0; i < read.lines().size(); i++) {
            if (matches(pattern, read.lines().get(i))) {
                matching.add(Map.entry(read.lines().get(i), read.indices().get(i)));
            }
        }
        return matching;
    }

    private static SplitRead read(
            byte[] file,
            long start,
            long end,
            int bufferSize,
            int maxLineLength,
            LinePrefilter prefilter,
            Long tinyReadSeed)
            throws IOException {
        ByteArrayReadChannel channel =
                tinyReadSeed == null
                        ? ByteArrayReadChannel.fullReads(file)
                        : ByteArrayReadChannel.tinyReads(file, tinyReadSeed);
        SplitLineReader reader =
                SplitLineReader.forSplit(
                        channel,
                        SplitChecks.FILE,
                        start,
                        end,
                        file.length,
                        bufferSize,
                        maxLineLength);
        if (prefilter != null) {
            reader.withPrefilter(prefilter);
        }
        return SplitRead.toEnd(reader);
    }

    private static boolean matches(Pattern pattern, LineAt line) {
        String content = new String(line.content().getBytes(ISO_8859_1), UTF_8);
        Optional<Boolean> found = RandomGrep.find(pattern, content);
        Assume.that(found.isPresent());
        return found.get();
    }
}
