package dev.logslice.connector.source;

import org.apache.flink.core.io.SimpleVersionedSerialization;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.IOException;

/** Writes a value the way Flink stores checkpoint state, version first, and reads it back. */
public final class SerializerRoundTrip {
    private SerializerRoundTrip() {}

    public static <T> T roundTrip(SimpleVersionedSerializer<T> serializer, T value)
            throws IOException {
        byte[] bytes = SimpleVersionedSerialization.writeVersionAndSerialize(serializer, value);
        return SimpleVersionedSerialization.readVersionAndDeSerialize(serializer, bytes);
    }
}
