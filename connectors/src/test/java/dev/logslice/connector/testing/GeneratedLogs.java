package dev.logslice.connector.testing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.Tuple;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static java.nio.charset.StandardCharsets.US_ASCII;

/**
 * Log files made of random segments: LF, CRLF, lone CR and no ending at all, empty lines, lines
 * longer than any buffer or split the tests use, NUL bytes, ESC bytes and bytes that are not UTF-8.
 */
public final class GeneratedLogs {
    private static final byte[] TEXT =
            "abcdefghijklmnopqrstuvwxyz0123456789 .:/-[]\"".getBytes(US_ASCII);

    /** Bytes a reader must pass through untouched: CR, NUL, and malformed UTF-8. */
    private static final byte[] AWKWARD = {'\r', 0, (byte) 0xFF, (byte) 0xC3, 0x28, (byte) 0x80};

    /** A terminal's colour codes open with it; rarer than the others, so most lines lack one. */
    private static final int ESC = 0x1b;

    private GeneratedLogs() {}

    /** How a segment ends; a segment without an ending runs on into the next one. */
    enum Ending {
        LF("\n"),
        CRLF("\r\n"),
        LONE_CR("\r"),
        NONE("");

        private final byte[] bytes;

        Ending(String bytes) {
            this.bytes = bytes.getBytes(US_ASCII);
        }
    }

    /** A segment: {@code length} content bytes drawn from a generator seeded with {@code seed}. */
    record Segment(int length, long seed, Ending ending) {}

    private static byte[] build(List<Segment> segments) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Segment segment : segments) {
            Random random = new Random(segment.seed());
            for (int i = 0; i < segment.length(); i++) {
                int pick = random.nextInt(400);
                out.write(
                        pick == 0
                                ? ESC
                                : pick < 50
                                        ? AWKWARD[random.nextInt(AWKWARD.length)]
                                        : TEXT[random.nextInt(TEXT.length)]);
            }
            out.writeBytes(segment.ending().bytes);
        }
        return out.toByteArray();
    }

    /** A file of up to {@code maxSegments} segments, some up to {@code maxLongLine} bytes long. */
    public static Arbitrary<byte[]> files(int maxSegments, int maxLongLine) {
        Arbitrary<Integer> lengths =
                Arbitraries.frequencyOf(
                        Tuple.of(50, Arbitraries.integers().between(0, 12)),
                        Tuple.of(30, Arbitraries.integers().between(13, 300)),
                        Tuple.of(15, Arbitraries.integers().between(301, 9000)),
                        Tuple.of(5, Arbitraries.integers().between(9001, maxLongLine)));
        Arbitrary<Ending> endings =
                Arbitraries.frequencyOf(
                        Tuple.of(50, Arbitraries.just(Ending.LF)),
                        Tuple.of(25, Arbitraries.just(Ending.CRLF)),
                        Tuple.of(10, Arbitraries.just(Ending.LONE_CR)),
                        Tuple.of(15, Arbitraries.just(Ending.NONE)));
        return Combinators.combine(lengths, Arbitraries.longs(), endings)
                .as(Segment::new)
                .list()
                .ofMaxSize(maxSegments)
                // Uniform, not jqwik's default bias to short lists: most files should be long.
                .withSizeDistribution(RandomDistribution.uniform())
                .map(GeneratedLogs::build);
    }

    /** A file of {@code segments} random segments, for example-based tests. */
    public static byte[] random(long seed, int segments) {
        Random random = new Random(seed);
        List<Segment> parts = new ArrayList<>();
        Ending[] endings = Ending.values();
        for (int i = 0; i < segments; i++) {
            int length =
                    random.nextInt(10) == 0 ? 4000 + random.nextInt(8000) : random.nextInt(120);
            parts.add(
                    new Segment(
                            length, random.nextLong(), endings[random.nextInt(endings.length)]));
        }
        return build(parts);
    }
}
