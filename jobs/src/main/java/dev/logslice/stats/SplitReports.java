package dev.logslice.stats;

import dev.logslice.connector.source.SplitReport;

import javax.annotation.Nullable;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Split reports in and out of the bytes of a {@link LogStats}. */
final class SplitReports {
    private SplitReports() {}

    static void write(DataOutput out, SplitReport split) throws IOException {
        Strings.write(out, split.splitId());
        Strings.write(out, split.path());
        for (long value :
                new long[] {
                    split.start(),
                    split.end(),
                    split.bytesRead(),
                    split.lines(),
                    split.oversizedLines(),
                    split.readCalls(),
                    split.readNanos(),
                    split.startedAtMillis(),
                    split.finishedAtMillis()
                }) {
            out.writeLong(value);
        }
        out.writeInt(split.oversizedLineOffsets().size());
        for (long offset : split.oversizedLineOffsets()) {
            out.writeLong(offset);
        }
        Strings.write(out, split.compression());
        out.writeLong(split.compressedBytesRead());
        out.writeLong(split.grewBy());
        writeReason(out, split.skipReason());
        out.writeInt(split.files().size());
        for (SplitReport.FileRead file : split.files()) {
            Strings.write(out, file.path());
            for (long value :
                    new long[] {
                        file.start(),
                        file.end(),
                        file.bytesRead(),
                        file.lines(),
                        file.readCalls(),
                        file.readNanos(),
                        file.grewBy()
                    }) {
                out.writeLong(value);
            }
            writeReason(out, file.skipReason());
            writeReason(out, file.damage());
        }
    }

    static SplitReport read(DataInput in) throws IOException {
        String id = Strings.read(in);
        String path = Strings.read(in);
        long[] values = new long[9];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readLong();
        }
        int samples = in.readInt();
        List<Long> offsets = new ArrayList<>(samples);
        for (int i = 0; i < samples; i++) {
            offsets.add(in.readLong());
        }
        String compression = Strings.read(in);
        long compressedBytesRead = in.readLong();
        long grewBy = in.readLong();
        String skipReason = readReason(in);
        int fileCount = in.readInt();
        List<SplitReport.FileRead> files = new ArrayList<>(fileCount);
        for (int i = 0; i < fileCount; i++) {
            files.add(
                    new SplitReport.FileRead(
                            Strings.read(in),
                            in.readLong(),
                            in.readLong(),
                            in.readLong(),
                            in.readLong(),
                            in.readLong(),
                            in.readLong(),
                            in.readLong(),
                            readReason(in),
                            readReason(in)));
        }
        return new SplitReport(
                id,
                path,
                values[0],
                values[1],
                values[2],
                values[3],
                values[4],
                offsets,
                values[5],
                values[6],
                values[7],
                values[8],
                compression,
                compressedBytesRead,
                grewBy,
                skipReason,
                files);
    }

    private static void writeReason(DataOutput out, @Nullable String reason) throws IOException {
        out.writeBoolean(reason != null);
        if (reason != null) {
            Strings.write(out, reason);
        }
    }

    @Nullable
    private static String readReason(DataInput in) throws IOException {
        return in.readBoolean() ? Strings.read(in) : null;
    }
}
