package dev.logslice.stats;

import javax.annotation.Nullable;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts the pieces of {@link PartialPieces} back into partials, whatever order the partials' pieces
 * interleave in; the pieces of one partial come in order, from one reader.
 */
final class PartialAssembler {
    private final Map<Long, List<byte[]>> incomplete = new HashMap<>();

    /** Takes a piece; returns the partial it completes, or null while pieces are missing. */
    @Nullable
    LogStats add(byte[] piece) {
        long id = PartialPieces.partialId(piece);
        List<byte[]> pieces = incomplete.computeIfAbsent(id, k -> new ArrayList<>());
        if (PartialPieces.index(piece) != pieces.size()) {
            throw new IllegalStateException(
                    "piece "
                            + PartialPieces.index(piece)
                            + " of partial "
                            + id
                            + " came after "
                            + pieces.size()
                            + " pieces");
        }
        pieces.add(piece);
        if (!PartialPieces.isLast(piece)) {
            return null;
        }
        incomplete.remove(id);
        List<InputStream> payloads = new ArrayList<>(pieces.size());
        for (byte[] p : pieces) {
            payloads.add(
                    new ByteArrayInputStream(
                            p, PartialPieces.HEADER_BYTES, p.length - PartialPieces.HEADER_BYTES));
        }
        return LogStats.read(
                new DataInputStream(new SequenceInputStream(Collections.enumeration(payloads))));
    }

    /** Fails when a partial's last piece never came: its counts would be missing. */
    void checkComplete() {
        if (!incomplete.isEmpty()) {
            throw new IllegalStateException(
                    incomplete.size()
                            + " partial(s) of the stats job came without their last piece");
        }
    }
}
