package dev.logslice.job;

import dev.logslice.connector.io.ByteSearch;

import javax.annotation.Nullable;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Writes grep's output in GNU grep's forms from the framed parts and summaries of {@link
 * SplitPartWriter}, splits in input order: lines after their file's name ({@code name:}) and number
 * ({@code 12:}), at most {@code -m} per file, or a count per file ({@code -c}), or the names of the
 * files with a selected line ({@code -l}).
 *
 * <p>A line's number is its index in its split plus the lines of its file in the splits before: the
 * readers count lines anyway, so {@code -n} costs no second pass over the input, only this pass
 * over the matches on the client.
 */
final class GrepOutput {
    private static final int BUFFER_SIZE = 256 << 10;
    private static final byte[] GROUP_SEPARATOR = {'-', '-', '\n'};

    private final GrepOptions options;
    @Nullable private final GrepColors colors;
    private final Function<String, String> displayName;
    private final Map<String, byte[]> prefixes = new HashMap<>();
    private final Map<String, Long> linesBefore = new HashMap<>();
    private final Map<String, Long> selected = new LinkedHashMap<>();
    private final Map<String, Long> written = new HashMap<>();

    /** With {@code -A}, {@code -B}, {@code -C}: which lines are written; else null. */
    @Nullable private final Context context;

    /** {@code displayName}: the name to write for a file as the source names it. */
    GrepOutput(GrepOptions options, Function<String, String> displayName) {
        this.options = options;
        this.colors = options.colors();
        this.displayName = displayName;
        this.context = options.context() ? new Context() : null;
    }

    /**
     * Writes the output of the parts in {@code parts} to {@code target}.
     *
     * @param displayName the name to write for a file as the source names it
     * @return whether a line was selected (grep's exit status 0)
     */
    static boolean write(
            Path parts,
            GrepOptions options,
            Function<String, String> displayName,
            WritableByteChannel target)
            throws IOException {
        GrepOutput output = new GrepOutput(options, displayName);
        OutputStream out = new BufferedOutputStream(Channels.newOutputStream(target), BUFFER_SIZE);
        for (String splitId : splitIds(parts)) {
            Path part = parts.resolve(splitId + SplitPartWriter.SUFFIX);
            if (!options.countsOnly() && Files.exists(part)) {
                output.writeLines(part, out);
            }
            output.countIn(parts.resolve(splitId + SplitPartWriter.SUMMARY_SUFFIX));
        }
        boolean any = false;
        for (Map.Entry<String, Long> file : output.selected.entrySet()) {
            long lines = output.capped(file.getValue());
            any |= lines > 0;
            if (options.filesWithMatches() || options.filesWithoutMatch()) {
                if ((lines > 0) == options.filesWithMatches()) {
                    output.writeName(file.getKey(), out);
                    out.write('\n');
                }
            } else if (options.count()) {
                if (options.fileNames()) {
                    output.writePrefix(file.getKey(), ':', out);
                }
                out.write((lines + "\n").getBytes(StandardCharsets.US_ASCII));
            }
        }
        out.flush();
        return any;
    }

    private void writeLines(Path part, OutputStream out) throws IOException {
        try (DataInputStream in =
                new DataInputStream(
                        new BufferedInputStream(Files.newInputStream(part), BUFFER_SIZE))) {
            String file = null;
            // Whether the last selected line was written: an event's other lines go with it.
            boolean lastWritten = false;
            int frame;
            while ((frame = in.read()) >= 0) {
                if (frame == SplitPartWriter.FILE_FRAME) {
                    file = in.readUTF();
                    continue;
                }
                boolean selectedLine = frame == SplitPartWriter.LINE_FRAME;
                boolean eventLine = frame == SplitPartWriter.EVENT_FRAME;
                if ((!selectedLine && !eventLine && frame != SplitPartWriter.CONTEXT_FRAME)
                        || file == null) {
                    throw new IOException("grep part " + part + " is damaged");
                }
                long index = in.readLong();
                byte[] bytes = new byte[in.readInt()];
                in.readFully(bytes);
                long number = linesBefore.getOrDefault(file, 0L) + index + 1;
                if (selectedLine) {
                    long count = written.merge(file, 1L, Long::sum);
                    // Past -m a line is no longer selected: it may still be context.
                    selectedLine = options.maxCount() < 0 || count <= options.maxCount();
                    lastWritten = selectedLine;
                }
                if (context != null) {
                    context.offer(file, number, bytes, selectedLine, out);
                } else if (selectedLine || (eventLine && lastWritten)) {
                    writeLine(file, number, bytes, ':', out);
                }
            }
        } catch (EOFException e) {
            throw new IOException("grep part " + part + " ends early", e);
        }
    }

    /**
     * Writes a selected line or event of {@code grep --follow} as {@link #writeLines} writes it
     * from its frames: each of its lines (with -o, each match) after its file's name, as asked. No
     * line numbers: a followed file's are not counted.
     */
    void writeFollowed(GrepMatch match, OutputStream out) throws IOException {
        if (match.eventLineEnds == null) {
            writeLine(match.file, 0, match.bytes, ':', out);
            return;
        }
        // An event's lines each after the name, as its frames would be.
        for (int i = 0, start = 0;
                i < match.eventLineEnds.length;
                start = match.eventLineEnds[i++]) {
            writeLine(
                    match.file,
                    0,
                    Arrays.copyOfRange(match.bytes, start, match.eventLineEnds[i]),
                    ':',
                    out);
        }
    }

    /** A line after its file's name and number, as asked, with {@code separator} after each. */
    private void writeLine(String file, long number, byte[] bytes, char separator, OutputStream out)
            throws IOException {
        // With -o, bytes are the line's matches, a line each, each after the same prefix.
        for (int start = 0; start < bytes.length; ) {
            int end =
                    options.onlyMatching()
                            ? ByteSearch.indexOf(bytes, start, bytes.length, (byte) '\n') + 1
                            : bytes.length;
            if (options.fileNames()) {
                writePrefix(file, separator, out);
            }
            if (options.lineNumbers()) {
                if (colors == null) {
                    out.write(
                            (number + String.valueOf(separator))
                                    .getBytes(StandardCharsets.US_ASCII));
                } else {
                    colors.lineNumber(number, out);
                    colors.separator(String.valueOf(separator), out);
                }
            }
            if (colors == null) {
                out.write(bytes, start, end - start);
            } else if (options.onlyMatching()) {
                colors.matchedPart(bytes, start, end, out);
            } else {
                // As GNU grep: the lines that match, selected or (with -v) context, show how.
                colors.line(bytes, start, end, (separator == ':') != options.invert(), out);
            }
            start = end;
        }
    }

    /**
     * Which lines that the readers sent as possible context are written, and the {@code --} between
     * groups, as GNU grep does: the {@code -B} lines before and {@code -A} after each selected
     * line, once each, a line's number after {@code -} instead of {@code :}. Lines come in input
     * order, each from the split that holds it; a line is never written twice.
     */
    private final class Context {
        private final ArrayDeque<Pending> pending = new ArrayDeque<>();
        private String file;
        private long lastWritten;
        private long afterUntil;
        private boolean wroteAny;

        private record Pending(long number, byte[] bytes) {}

        void offer(
                String lineFile, long number, byte[] bytes, boolean selectedLine, OutputStream out)
                throws IOException {
            if (!lineFile.equals(file)) {
                file = lineFile;
                pending.clear();
                // No line written in this file yet: the next is not next to the last one written.
                lastWritten = -1;
                afterUntil = 0;
            }
            if (number <= lastWritten) {
                return;
            }
            if (selectedLine) {
                for (Pending line : pending) {
                    if (line.number() >= number - Math.max(0, options.before())) {
                        write(line.number(), line.bytes(), '-', out);
                    }
                }
                pending.clear();
                write(number, bytes, ':', out);
                afterUntil = number + Math.max(0, options.after());
            } else if (number <= afterUntil) {
                write(number, bytes, '-', out);
            } else if (options.before() > 0) {
                if (pending.size() == options.before()) {
                    pending.removeFirst();
                }
                pending.addLast(new Pending(number, bytes));
            }
        }

        private void write(long number, byte[] bytes, char separator, OutputStream out)
                throws IOException {
            if (wroteAny && number != lastWritten + 1) {
                if (colors == null) {
                    out.write(GROUP_SEPARATOR);
                } else {
                    colors.separator("--", out);
                    out.write('\n');
                }
            }
            writeLine(file, number, bytes, separator, out);
            wroteAny = true;
            lastWritten = number;
        }
    }

    private void countIn(Path summary) throws IOException {
        try (DataInputStream in =
                new DataInputStream(new BufferedInputStream(Files.newInputStream(summary)))) {
            int files = in.readInt();
            for (int i = 0; i < files; i++) {
                String file = in.readUTF();
                linesBefore.merge(file, in.readLong(), Long::sum);
                selected.merge(file, in.readLong(), Long::sum);
            }
        }
    }

    private long capped(long lines) {
        return options.maxCount() >= 0 ? Math.min(lines, options.maxCount()) : lines;
    }

    /** A file's name and the separator after it, as a line or count starts with. */
    private void writePrefix(String file, char separator, OutputStream out) throws IOException {
        if (colors == null) {
            out.write(
                    prefixes.computeIfAbsent(
                            separator + file,
                            key ->
                                    (displayName.apply(file) + separator)
                                            .getBytes(StandardCharsets.UTF_8)));
        } else {
            writeName(file, out);
            colors.separator(String.valueOf(separator), out);
        }
    }

    private void writeName(String file, OutputStream out) throws IOException {
        byte[] name = displayName.apply(file).getBytes(StandardCharsets.UTF_8);
        if (colors == null) {
            out.write(name);
        } else {
            colors.fileName(name, out);
        }
    }

    /** The ids of the splits that were read, in input order. */
    private static List<String> splitIds(Path parts) throws IOException {
        List<String> ids = new ArrayList<>();
        try (DirectoryStream<Path> stream =
                Files.newDirectoryStream(parts, "*" + SplitPartWriter.SUMMARY_SUFFIX)) {
            for (Path summary : stream) {
                String name = summary.getFileName().toString();
                ids.add(name.substring(0, name.length() - SplitPartWriter.SUMMARY_SUFFIX.length()));
            }
        }
        ids.sort(null);
        return ids;
    }
}
