package dev.logslice.job;

import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineTerminator;
import dev.logslice.connector.source.SplitReport;

import java.util.List;
import java.util.function.Consumer;

/**
 * What grep's readers send on, tagged with its split so output can be put back in input order:
 * matching lines exactly as in their file, terminators included (LF added to a last line that had
 * none), one line or the lines of a multi-line event; or, as a split's last record, how many of its
 * lines were malformed or too long, or that the split was skipped and why (with no bytes).
 */
public class GrepMatch {
    private static final byte[] LF = {'\n'};
    private static final byte[] NO_BYTES = {};

    public String splitId;
    public byte[] bytes;
    public long malformedLines;

    /** Lines of the split longer than the maximum line length, skipped by the reader. */
    public long oversizedLines;

    /** For a split with skipped files: each file and why it was skipped, a line each; or null. */
    public String skippedFile;

    /**
     * For a split whose (compressed, so only) file ended early: the file, or null; its lines before
     * were read.
     */
    public String damagedFile;

    /** With {@link #damagedFile}: what ended it, as zcat says it after the file's name. */
    public String damage;

    /** With {@link #damagedFile}: its lines read before the damage. */
    public long linesBeforeDamage;

    /** With {@link GrepOptions#structured()}: the file of the line, or null. */
    public String file;

    /**
     * With {@link GrepOptions#structured()}: {@link Line#indexInSplitOfFile()}; of the first line
     * when {@link #bytes} holds several.
     */
    public long lineIndex;

    /**
     * With {@link GrepOptions#context()}: how many of the lines in {@link #bytes} (consecutive,
     * each ending in LF) come before the selected one as its context; the last line is the selected
     * one.
     */
    public int contextBefore;

    /**
     * With {@link GrepOptions#context()}: every line in {@link #bytes} is context that {@link
     * GrepOutput} writes only if a selected line is near enough; none is selected.
     */
    public boolean contextOnly;

    /**
     * With {@link GrepOptions#structured()}, a selected event: the index of each of its lines that
     * {@link #bytes} holds, in order (all of them, or with -o those with matches, the first always
     * there: the one that counts for -m), and where each one's bytes end; null for lines.
     */
    public long[] eventLines;

    public int[] eventLineEnds;

    /**
     * With {@link GrepOptions#structured()}, a split's last record: the files it read, in order,
     * with their lines in the split and the lines selected in them (before any --max-count cap
     * across splits); else null.
     */
    public String[] files;

    public long[] fileLines;
    public long[] fileMatches;

    public GrepMatch() {}

    public GrepMatch(String splitId, byte[] bytes, long malformedLines) {
        this.splitId = splitId;
        this.bytes = bytes;
        this.malformedLines = malformedLines;
    }

    /**
     * Whether this is a selected line or event, not a note: one with bytes, or (with {@code -o},
     * whose selected line may have no part to write) with its file, which notes never carry.
     */
    boolean isSelection() {
        return bytes.length > 0 || file != null;
    }

    /** A copy of one line with its terminator. */
    static GrepMatch ofLine(Line line) {
        return new GrepMatch(line.splitId(), bytesOf(line), 0);
    }

    /** A copy of a line's bytes with its terminator. */
    static byte[] bytesOf(Line line) {
        byte[] terminator = terminatorOf(line);
        byte[] bytes = new byte[line.length() + terminator.length];
        System.arraycopy(line.buffer(), line.start(), bytes, 0, line.length());
        System.arraycopy(terminator, 0, bytes, line.length(), terminator.length);
        return bytes;
    }

    /** The count of a split's malformed lines. */
    static GrepMatch malformed(String splitId, long lines) {
        return new GrepMatch(splitId, NO_BYTES, lines);
    }

    /**
     * Hands on the note of what a split skipped: its files gone before they were read, one line
     * each, the count of its lines too long to read, and the file whose compressed stream ended
     * early; emits nothing for a split that skipped nothing. Every grep and parse decoder calls it,
     * so a skip is never silent.
     */
    static void noteSkips(SplitReport report, Consumer<GrepMatch> output) {
        List<String> skipped =
                report.files().stream()
                        .filter(SplitReport.FileRead::skipped)
                        .map(file -> file.path() + " (" + file.skipReason() + ")")
                        .toList();
        List<SplitReport.FileRead> damaged = report.damagedFiles();
        if (!skipped.isEmpty() || report.oversizedLines() > 0 || !damaged.isEmpty()) {
            GrepMatch note = new GrepMatch(report.splitId(), NO_BYTES, 0);
            note.skippedFile = skipped.isEmpty() ? null : String.join("\n", skipped);
            note.oversizedLines = report.oversizedLines();
            if (!damaged.isEmpty()) {
                // A compressed file is a split of its own: at most one is damaged.
                note.damagedFile = damaged.get(0).path();
                note.damage = damaged.get(0).damage();
                note.linesBeforeDamage = damaged.get(0).lines();
            }
            output.accept(note);
        }
    }

    /** The note of a followed split's lines skipped as too long, told as they come. */
    static GrepMatch oversized(String splitId, long lines) {
        GrepMatch note = new GrepMatch(splitId, NO_BYTES, 0);
        note.oversizedLines = lines;
        return note;
    }

    /** The terminator grep writes after a line: its own, or LF for a last line without one. */
    static byte[] terminatorOf(Line line) {
        return line.terminator() == LineTerminator.NONE ? LF : line.terminator().bytes();
    }
}
