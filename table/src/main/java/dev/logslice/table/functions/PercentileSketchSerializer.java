package dev.logslice.table.functions;

import dev.logslice.connector.runtime.SketchMemory;

import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.memory.Memory;

import java.io.IOException;

/**
 * Writes a {@link PercentileSketch} in the sketch's own compact form: what crosses the exchange
 * between the local and the global aggregate is a few kilobytes per group.
 */
public final class PercentileSketchSerializer extends TypeSerializerSingleton<PercentileSketch> {
    static {
        SketchMemory.load();
    }

    private static final long serialVersionUID = 1L;

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public PercentileSketch createInstance() {
        return new PercentileSketch();
    }

    @Override
    public PercentileSketch copy(PercentileSketch from) {
        PercentileSketch copy = new PercentileSketch(heapify(from.sketch.toByteArray()));
        copy.fraction = from.fraction;
        return copy;
    }

    @Override
    public PercentileSketch copy(PercentileSketch from, PercentileSketch reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(PercentileSketch record, DataOutputView target) throws IOException {
        byte[] bytes = record.sketch.toByteArray();
        target.writeDouble(record.fraction);
        target.writeInt(bytes.length);
        target.write(bytes);
    }

    @Override
    public PercentileSketch deserialize(DataInputView source) throws IOException {
        double fraction = source.readDouble();
        byte[] bytes = new byte[source.readInt()];
        source.readFully(bytes);
        PercentileSketch sketch = new PercentileSketch(heapify(bytes));
        sketch.fraction = fraction;
        return sketch;
    }

    @Override
    public PercentileSketch deserialize(PercentileSketch reuse, DataInputView source)
            throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.writeDouble(source.readDouble());
        int length = source.readInt();
        target.writeInt(length);
        target.write(source, length);
    }

    @Override
    public TypeSerializerSnapshot<PercentileSketch> snapshotConfiguration() {
        return new Snapshot();
    }

    private static KllDoublesSketch heapify(byte[] bytes) {
        return KllDoublesSketch.heapify(Memory.wrap(bytes));
    }

    /** The serializer has no configuration: any snapshot restores it. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<PercentileSketch> {
        public Snapshot() {
            super(PercentileSketchSerializer::new);
        }
    }
}
