package dev.logslice.job;

import dev.logslice.connector.source.Line;

import javax.annotation.Nullable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A reader's part of {@code -A} and {@code -B}: it sends on, beside the selected lines, every line
 * that may be context of one, and {@link GrepOutput} writes those near enough. A line is context of
 * a selected line in the same split, or of one in a split before or after; so besides the lines
 * right before and after each selected line, a split sends the first {@code -A} and the last {@code
 * -B} lines of each of its files. Lines are numbered by {@link Line#indexInSplitOfFile()}.
 */
final class ContextLines {
    private final int before;
    private final int after;

    /** The last {@link #before} lines read, sent or not. */
    private final ArrayDeque<Held> held = new ArrayDeque<>();

    /** The index of the last line sent on; lines up to it are not sent again. */
    private long lastSent = -1;

    /** The index of the last line of the context after the last selected line. */
    private long afterUntil = -1;

    private record Held(long index, byte[] bytes) {}

    ContextLines(int before, int after) {
        this.before = Math.max(0, before);
        this.after = Math.max(0, after);
    }

    /** A selected line, after the lines held before it that were not sent yet. */
    GrepMatch selected(Line line) {
        long index = line.indexInSplitOfFile();
        List<Held> context = unsent();
        GrepMatch match = block(line.splitId(), context, GrepMatch.bytesOf(line));
        match.lineIndex = index - context.size();
        match.contextBefore = context.size();
        lastSent = index;
        afterUntil = index + after;
        return match;
    }

    /**
     * A line not selected: sent as context when it follows a selected line closely enough, or
     * starts its file in this split (a selected line of the split before may reach it); else null.
     */
    @Nullable
    GrepMatch other(Line line) {
        long index = line.indexInSplitOfFile();
        if (index > afterUntil && index >= after) {
            return null;
        }
        GrepMatch context = GrepMatch.ofLine(line);
        context.lineIndex = index;
        context.contextOnly = true;
        lastSent = index;
        return context;
    }

    /** Keeps the line for the context before a selected line that may follow. */
    void hold(Line line) {
        if (before == 0) {
            return;
        }
        if (held.size() == before) {
            held.removeFirst();
        }
        held.addLast(new Held(line.indexInSplitOfFile(), GrepMatch.bytesOf(line)));
    }

    /**
     * At the end of a file in the split: its last lines not sent yet, as context of a selected line
     * the next split may start with, or null; then forgets the file.
     */
    @Nullable
    GrepMatch finishFile(String splitId) {
        List<Held> tail = unsent();
        GrepMatch last = null;
        if (!tail.isEmpty()) {
            last = block(splitId, tail, new byte[0]);
            last.lineIndex = tail.get(0).index();
            last.contextOnly = true;
        }
        held.clear();
        lastSent = -1;
        afterUntil = -1;
        return last;
    }

    private List<Held> unsent() {
        List<Held> unsent = new ArrayList<>(held.size());
        for (Held line : held) {
            if (line.index() > lastSent) {
                unsent.add(line);
            }
        }
        return unsent;
    }

    private static GrepMatch block(String splitId, List<Held> lines, byte[] last) {
        int length = last.length;
        for (Held line : lines) {
            length += line.bytes().length;
        }
        byte[] bytes = new byte[length];
        int at = 0;
        for (Held line : lines) {
            System.arraycopy(line.bytes(), 0, bytes, at, line.bytes().length);
            at += line.bytes().length;
        }
        System.arraycopy(last, 0, bytes, at, last.length);
        return new GrepMatch(splitId, bytes, 0);
    }
}
