package dev.logslice.connector.io;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A file's first bytes: how many, and their digest. Log files are only appended to, so their start
 * tells one from another where the identity cannot: a compressed copy of a rotated log (another
 * identity, the same start), or a new file given the inode of one deleted while the job was down
 * (the same identity, another start).
 */
@Internal
public record Fingerprint(int length, long digest) implements Serializable {
    /** Bytes of a file's start that make its fingerprint. */
    public static final int BYTES = 4096;

    /** Of nothing: every file starts with it, so it tells nothing. */
    public static final Fingerprint NONE = of(new byte[0], 0);

    public static Fingerprint of(byte[] bytes, int length) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(bytes, 0, length);
            return new Fingerprint(length, ByteBuffer.wrap(sha.digest()).getLong());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Whether {@code start}, a file's first bytes, begin with the bytes this fingerprints. */
    public boolean isPrefixOf(byte[] start) {
        return start.length >= length && of(start, length).equals(this);
    }

    /** Whether this fingerprints more than nothing. */
    public boolean tellsApart() {
        return length > 0;
    }
}
