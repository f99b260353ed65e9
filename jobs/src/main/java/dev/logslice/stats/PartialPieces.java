package dev.logslice.stats;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.function.Consumer;

/**
 * Cuts a serialised partial into records of at most {@link #MAX_PIECE_BYTES}: Flink's collect sink
 * fails on a record larger than its batch ({@code collect-sink.batch-size.max}, 2 MiB by default),
 * and a partial grows with the distinct values of the input. Each piece starts with the partial's
 * id, its index and whether it is the last; {@link PartialAssembler} puts them back together.
 */
final class PartialPieces {
    /** Half the collect sink's default batch: room for the header and the serializer's framing. */
    static final int MAX_PIECE_BYTES = 1 << 20;

    static final int HEADER_BYTES = Long.BYTES + Integer.BYTES + 1;

    private PartialPieces() {}

    /** Serialises {@code stats} straight into pieces, each given to {@code sink} when full. */
    static void write(LogStats stats, long partialId, Consumer<byte[]> sink) {
        write(stats, partialId, MAX_PIECE_BYTES, sink);
    }

    static void write(LogStats stats, long partialId, int maxPieceBytes, Consumer<byte[]> sink) {
        try (DataOutputStream out =
                new DataOutputStream(new PieceStream(partialId, maxPieceBytes, sink))) {
            stats.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static long partialId(byte[] piece) {
        return ByteBuffer.wrap(piece).getLong(0);
    }

    static int index(byte[] piece) {
        return ByteBuffer.wrap(piece).getInt(Long.BYTES);
    }

    static boolean isLast(byte[] piece) {
        return piece[Long.BYTES + Integer.BYTES] != 0;
    }

    /**
     * Fills one piece at a time and hands it on only when more bytes come (or at close, as the
     * last), so that the last piece is known without the partial's size.
     */
    private static final class PieceStream extends OutputStream {
        private final long partialId;
        private final Consumer<byte[]> sink;
        private final byte[] piece;
        private int used = HEADER_BYTES;
        private int index;

        PieceStream(long partialId, int maxPieceBytes, Consumer<byte[]> sink) {
            if (maxPieceBytes <= HEADER_BYTES) {
                throw new IllegalArgumentException(
                        "piece size " + maxPieceBytes + " must exceed the header");
            }
            this.partialId = partialId;
            this.sink = sink;
            this.piece = new byte[maxPieceBytes];
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            while (len > 0) {
                if (used == piece.length) {
                    emit(false);
                }
                int n = Math.min(len, piece.length - used);
                System.arraycopy(b, off, piece, used, n);
                used += n;
                off += n;
                len -= n;
            }
        }

        @Override
        public void close() {
            emit(true);
        }

        private void emit(boolean last) {
            byte[] out = new byte[used];
            ByteBuffer.wrap(out).putLong(partialId).putInt(index++).put((byte) (last ? 1 : 0));
            System.arraycopy(piece, HEADER_BYTES, out, HEADER_BYTES, used - HEADER_BYTES);
            sink.accept(out);
            used = HEADER_BYTES;
        }
    }
}
