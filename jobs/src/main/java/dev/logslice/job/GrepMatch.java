package dev.logslice.job;

/**
 * A matching line exactly as in its file, terminator included (LF added to a last line that had
 * none), tagged with its split so output can be put back in input order.
 */
public class GrepMatch {
    public String splitId;
    public byte[] line;

    public GrepMatch() {}

    public GrepMatch(String splitId, byte[] line) {
        this.splitId = splitId;
        this.line = line;
    }
}
