package dev.logslice.connector.io;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A {@link ReadChannel} over bytes in memory that logs every call. With tiny reads it returns 0 or
 * 1 byte per call at random, which puts every buffer boundary at every byte (Beam's trick).
 */
public final class ByteArrayReadChannel implements ReadChannel {

    /** One read call as the reader made it, and what it got. */
    public record Call(long position, int length, int returned) {}

    private final byte[] data;
    @Nullable private final Random tinyReads;
    private final List<Call> calls = new ArrayList<>();

    private ByteArrayReadChannel(byte[] data, @Nullable Random tinyReads) {
        this.data = data;
        this.tinyReads = tinyReads;
    }

    /** Every call returns all the bytes asked for that the data has, like a local file. */
    public static ByteArrayReadChannel fullReads(byte[] data) {
        return new ByteArrayReadChannel(data, null);
    }

    /** Every call returns 0 or 1 byte, chosen by a generator seeded with {@code seed}. */
    public static ByteArrayReadChannel tinyReads(byte[] data, long seed) {
        return new ByteArrayReadChannel(data, new Random(seed));
    }

    @Override
    public int read(long position, byte[] target, int offset, int length) {
        if (position < 0 || offset < 0 || length < 0 || offset + length > target.length) {
            throw new IndexOutOfBoundsException(
                    "read(" + position + ", " + offset + ", " + length + ")");
        }
        int returned;
        if (position >= data.length) {
            returned = -1;
        } else {
            int available = (int) Math.min(length, data.length - position);
            returned = tinyReads == null ? available : Math.min(available, tinyReads.nextInt(2));
            System.arraycopy(data, (int) position, target, offset, returned);
        }
        calls.add(new Call(position, length, returned));
        return returned;
    }

    public List<Call> calls() {
        return calls;
    }

    @Override
    public void close() {}
}
