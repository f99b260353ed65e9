package dev.logslice.stats;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Partials cut into bounded pieces come back whole, however the readers' pieces interleave. */
class PartialPiecesTest {
    @Property(tries = 40)
    void interleavedPiecesOfBoundedSizeAssembleIntoTheSamePartials(
            @ForAll long seed,
            @ForAll @IntRange(min = PartialPieces.HEADER_BYTES + 1, max = 5000) int pieceBytes,
            @ForAll @IntRange(min = 1, max = 4) int readers) {
        Random random = new Random(seed);
        List<LogStats> expected = new ArrayList<>();
        List<Deque<byte[]>> streams = new ArrayList<>();
        for (int reader = 0; reader < readers; reader++) {
            LogStats stats = randomPartial(random);
            expected.add(LogStats.fromBytes(stats.toBytes()));
            Deque<byte[]> pieces = new ArrayDeque<>();
            PartialPieces.write(stats, (long) reader << 32 | 1, pieceBytes, pieces::add);
            assertThat(pieces)
                    .allSatisfy(piece -> assertThat(piece.length).isLessThanOrEqualTo(pieceBytes));
            streams.add(pieces);
        }

        // One reader's pieces stay in order, as on one channel; the readers' interleave at random.
        PartialAssembler assembler = new PartialAssembler();
        LogStats[] assembled = new LogStats[readers];
        List<Deque<byte[]>> open = new ArrayList<>(streams);
        while (!open.isEmpty()) {
            Deque<byte[]> stream = open.get(random.nextInt(open.size()));
            byte[] piece = stream.poll();
            LogStats partial = assembler.add(piece);
            if (partial != null) {
                assertThat(stream).isEmpty();
                assembled[(int) (PartialPieces.partialId(piece) >>> 32)] = partial;
            }
            if (stream.isEmpty()) {
                open.remove(stream);
            }
        }
        assembler.checkComplete();

        for (int reader = 0; reader < readers; reader++) {
            LogStats want = expected.get(reader);
            LogStats got = assembled[reader];
            assertThat(got.lines()).isEqualTo(want.lines());
            assertThat(got.status()).isEqualTo(want.status());
            assertThat(got.top(Panel.PATHS, 50)).isEqualTo(want.top(Panel.PATHS, 50));
            assertThat(got.top(Panel.USER_AGENTS, 50)).isEqualTo(want.top(Panel.USER_AGENTS, 50));
            assertThat(got.uniqueClients()).isEqualTo(want.uniqueClients());
        }
    }

    @Test
    void aPartialWithoutItsLastPieceFailsTheAssembly() {
        List<byte[]> pieces = new ArrayList<>();
        PartialPieces.write(randomPartial(new Random(7)), 3, 1000, pieces::add);
        PartialAssembler assembler = new PartialAssembler();
        for (byte[] piece : pieces.subList(0, pieces.size() - 1)) {
            assertThat(assembler.add(piece)).isNull();
        }

        assertThatThrownBy(assembler::checkComplete)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("without their last piece");
    }

    @Test
    void aPieceOutOfOrderFailsTheAssembly() {
        List<byte[]> pieces = new ArrayList<>();
        PartialPieces.write(randomPartial(new Random(8)), 3, 1000, pieces::add);
        PartialAssembler assembler = new PartialAssembler();
        assembler.add(pieces.get(0));

        assertThatThrownBy(() -> assembler.add(pieces.get(2)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("piece 2 of partial 3 came after 1 pieces");
    }

    private static LogStats randomPartial(Random random) {
        LogStats stats = new LogStats();
        int events = random.nextInt(3000);
        for (int i = 0; i < events; i++) {
            stats.addLine(80);
            stats.addStatus(200 + random.nextInt(4) * 100);
            stats.add(Panel.PATHS, "/p/" + random.nextInt(2000));
            stats.add(Panel.CLIENTS, "10.1." + random.nextInt(300));
            byte[] agent = new byte[random.nextInt(3 * ValueCut.MAX_BYTES)];
            java.util.Arrays.fill(agent, (byte) ('a' + random.nextInt(3)));
            stats.add(Panel.USER_AGENTS, new String(agent, StandardCharsets.US_ASCII));
        }
        return stats;
    }
}
