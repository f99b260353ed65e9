package dev.logslice.job;

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
import java.util.ArrayList;
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

    private final GrepOptions options;
    private final Function<String, String> displayName;
    private final Map<String, byte[]> prefixes = new HashMap<>();
    private final Map<String, Long> linesBefore = new HashMap<>();
    private final Map<String, Long> selected = new LinkedHashMap<>();
    private final Map<String, Long> written = new HashMap<>();

    private GrepOutput(GrepOptions options, Function<String, String> displayName) {
        this.options = options;
        this.displayName = displayName;
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
            if (options.filesWithMatches()) {
                if (lines > 0) {
                    out.write(
                            output.displayName
                                    .apply(file.getKey())
                                    .getBytes(StandardCharsets.UTF_8));
                    out.write('\n');
                }
            } else if (options.count()) {
                if (options.fileNames()) {
                    out.write(output.prefix(file.getKey()));
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
            int frame;
            while ((frame = in.read()) >= 0) {
                if (frame == SplitPartWriter.FILE_FRAME) {
                    file = in.readUTF();
                    continue;
                }
                if (frame != SplitPartWriter.LINE_FRAME || file == null) {
                    throw new IOException("grep part " + part + " is damaged");
                }
                long index = in.readLong();
                byte[] bytes = new byte[in.readInt()];
                in.readFully(bytes);
                long count = written.merge(file, 1L, Long::sum);
                if (options.maxCount() >= 0 && count > options.maxCount()) {
                    continue;
                }
                if (options.fileNames()) {
                    out.write(prefix(file));
                }
                if (options.lineNumbers()) {
                    long number = linesBefore.getOrDefault(file, 0L) + index + 1;
                    out.write((number + ":").getBytes(StandardCharsets.US_ASCII));
                }
                out.write(bytes);
            }
        } catch (EOFException e) {
            throw new IOException("grep part " + part + " ends early", e);
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

    private byte[] prefix(String file) {
        return prefixes.computeIfAbsent(
                file, f -> (displayName.apply(f) + ":").getBytes(StandardCharsets.UTF_8));
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
