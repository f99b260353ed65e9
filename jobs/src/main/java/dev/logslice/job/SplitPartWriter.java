package dev.logslice.job;

import dev.logslice.connector.io.ByteSearch;
import dev.logslice.connector.io.LocalPaths;
import dev.logslice.report.InputFileNotes.DamagedFile;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes matches to one part file per split, named by split id, so that joining the parts by name
 * gives the input order, and a split's counts of malformed and oversized lines, or the note that it
 * was skipped, to a file of its own. A split this writer has not seen before starts its part
 * afresh: a split read again after a failure rewrites it. Matches of several splits may arrive
 * interleaved (a client collecting from several readers), so a few parts stay open and the others
 * are reopened to append.
 *
 * <p>Matches that carry their file (see {@link GrepOptions#structured()}) are framed in the part:
 * {@code 'F'} and the file's name when it changes, then per line {@code 'L'} (selected), {@code
 * 'C'} (context) or {@code 'E'} (an event's line after its first), its index, length and bytes; the
 * split's counts per file go to a summary file of their own. {@link GrepOutput} reads them.
 */
final class SplitPartWriter implements Closeable {
    static final String SUFFIX = ".part";
    private static final String MALFORMED_SUFFIX = ".malformed";
    private static final String OVERSIZED_SUFFIX = ".oversized";
    private static final String SKIPPED_SUFFIX = ".skipped";
    private static final String DAMAGED_SUFFIX = ".damaged";
    static final String SUMMARY_SUFFIX = ".summary";
    static final int FILE_FRAME = 'F';
    static final int LINE_FRAME = 'L';

    /** A line that is context ({@code -A}, {@code -B}), written only near a selected line. */
    static final int CONTEXT_FRAME = 'C';

    /**
     * A line of an event after its first: written when the event's first line is ({@code -m} counts
     * events, not their lines).
     */
    static final int EVENT_FRAME = 'E';

    private static final int BUFFER_SIZE = 256 << 10;
    private static final int MAX_OPEN_PARTS = 16;
    private static final OpenOption[] FRESH = {
        StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE
    };
    private static final OpenOption[] APPEND = {StandardOpenOption.APPEND};

    private final Path directory;
    private final Set<String> started = new HashSet<>();
    private final Map<String, DataOutputStream> open = new LinkedHashMap<>(16, 0.75f, true);

    /** Per split with framed matches: the file of its last match written. */
    private final Map<String, String> lastFile = new HashMap<>();

    SplitPartWriter(Path directory) {
        this.directory = directory;
    }

    void write(GrepMatch match) throws IOException {
        if (match.malformedLines > 0) {
            Files.writeString(
                    directory.resolve(match.splitId + MALFORMED_SUFFIX),
                    Long.toString(match.malformedLines));
        }
        if (match.oversizedLines > 0) {
            Files.writeString(
                    directory.resolve(match.splitId + OVERSIZED_SUFFIX),
                    Long.toString(match.oversizedLines));
        }
        if (match.skippedFile != null) {
            Files.writeString(directory.resolve(match.splitId + SKIPPED_SUFFIX), match.skippedFile);
        }
        if (match.damagedFile != null) {
            // NUL is in no path and no message of the decompressors.
            Files.writeString(
                    directory.resolve(match.splitId + DAMAGED_SUFFIX),
                    match.damagedFile + '\0' + match.damage + '\0' + match.linesBeforeDamage);
        }
        if (match.files != null) {
            writeSummary(match);
        }
        // A framed line without bytes still counts (-o of a line with empty matches only, for -m).
        if (match.bytes.length == 0 && match.file == null) {
            return;
        }
        DataOutputStream out = open.get(match.splitId);
        if (out == null) {
            if (open.size() == MAX_OPEN_PARTS) {
                Iterator<DataOutputStream> leastRecent = open.values().iterator();
                leastRecent.next().close();
                leastRecent.remove();
            }
            boolean fresh = started.add(match.splitId);
            if (fresh) {
                lastFile.remove(match.splitId);
            }
            out =
                    new DataOutputStream(
                            new BufferedOutputStream(
                                    Files.newOutputStream(
                                            directory.resolve(match.splitId + SUFFIX),
                                            fresh ? FRESH : APPEND),
                                    BUFFER_SIZE));
            open.put(match.splitId, out);
        }
        if (match.file == null) {
            out.write(match.bytes);
            return;
        }
        if (!match.file.equals(lastFile.put(match.splitId, match.file))) {
            out.write(FILE_FRAME);
            out.writeUTF(match.file);
        }
        if (match.eventLines != null) {
            writeEvent(out, match);
            return;
        }
        if (match.contextBefore == 0 && !match.contextOnly) {
            writeLine(out, LINE_FRAME, match.lineIndex, match.bytes, 0, match.bytes.length);
            return;
        }
        // A block of lines, each ending in LF, around a selected one, the selected one last.
        long index = match.lineIndex;
        for (int start = 0; start < match.bytes.length; index++) {
            int end = ByteSearch.indexOf(match.bytes, start, match.bytes.length, (byte) '\n') + 1;
            writeLine(out, frameOf(match, index), index, match.bytes, start, end);
            start = end;
        }
    }

    /** An event's lines (or their matches), the first one selected, the others going with it. */
    private static void writeEvent(DataOutputStream out, GrepMatch match) throws IOException {
        int start = 0;
        for (int i = 0; i < match.eventLines.length; i++) {
            int end = match.eventLineEnds[i];
            writeLine(
                    out,
                    i == 0 ? LINE_FRAME : EVENT_FRAME,
                    match.eventLines[i],
                    match.bytes,
                    start,
                    end);
            start = end;
        }
    }

    private static int frameOf(GrepMatch match, long index) {
        boolean context = match.contextOnly || index - match.lineIndex < match.contextBefore;
        return context ? CONTEXT_FRAME : LINE_FRAME;
    }

    private static void writeLine(
            DataOutputStream out, int frame, long index, byte[] bytes, int start, int end)
            throws IOException {
        out.write(frame);
        out.writeLong(index);
        out.writeInt(end - start);
        out.write(bytes, start, end - start);
    }

    private void writeSummary(GrepMatch summary) throws IOException {
        try (DataOutputStream out =
                new DataOutputStream(
                        new BufferedOutputStream(
                                Files.newOutputStream(
                                        directory.resolve(summary.splitId + SUMMARY_SUFFIX),
                                        FRESH)))) {
            out.writeInt(summary.files.length);
            for (int i = 0; i < summary.files.length; i++) {
                out.writeUTF(summary.files[i]);
                out.writeLong(summary.fileLines[i]);
                out.writeLong(summary.fileMatches[i]);
            }
        }
    }

    /** The malformed lines of all splits whose counts were written to {@code directory}. */
    static long malformedLines(Path directory) throws IOException {
        return sum(directory, MALFORMED_SUFFIX);
    }

    /** The oversized (skipped) lines of all splits whose counts were written there. */
    static long oversizedLines(Path directory) throws IOException {
        return sum(directory, OVERSIZED_SUFFIX);
    }

    private static long sum(Path directory, String suffix) throws IOException {
        long total = 0;
        try (DirectoryStream<Path> counts = Files.newDirectoryStream(directory, "*" + suffix)) {
            for (Path count : counts) {
                total += Long.parseLong(Files.readString(count));
            }
        }
        return total;
    }

    /** The notes of the skipped splits' files, in input order, each file once. */
    static List<String> skippedFiles(Path directory) throws IOException {
        Set<String> files = new LinkedHashSet<>();
        for (Path note : notesInSplitOrder(directory, SKIPPED_SUFFIX)) {
            files.addAll(Files.readString(note).lines().toList());
        }
        return List.copyOf(files);
    }

    /** The files whose compressed stream ended early, in input order. */
    static List<DamagedFile> damagedFiles(Path directory) throws IOException {
        List<DamagedFile> files = new ArrayList<>();
        for (Path note : notesInSplitOrder(directory, DAMAGED_SUFFIX)) {
            String[] parts = Files.readString(note).split("\0", 3);
            files.add(
                    new DamagedFile(
                            LocalPaths.plain(parts[0]), parts[1], Long.parseLong(parts[2])));
        }
        return files;
    }

    private static List<Path> notesInSplitOrder(Path directory, String suffix) throws IOException {
        List<Path> notes = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, "*" + suffix)) {
            stream.forEach(notes::add);
        }
        notes.sort(null);
        return notes;
    }

    void flush() throws IOException {
        for (DataOutputStream out : open.values()) {
            out.flush();
        }
    }

    @Override
    public void close() throws IOException {
        for (DataOutputStream out : open.values()) {
            out.close();
        }
        open.clear();
    }
}
