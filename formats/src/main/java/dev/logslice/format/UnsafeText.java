package dev.logslice.format;

/**
 * The characters of log text that must never reach an output raw. Log lines are
 * attacker-controlled: control characters would drive a terminal (U+009B is a CSI to some), bidi
 * controls would reorder what a reader sees (Trojan Source, CVE-2021-42574) and line separators
 * would start lines that are not there. Every writer escapes these, each in its output's way.
 */
public final class UnsafeText {
    private UnsafeText() {}

    /**
     * Whether a character must not reach an output raw: C0 and C1 controls (U+0085 among them),
     * DEL, the bidi marks, embeddings, overrides and isolates, and the line and paragraph
     * separators.
     */
    public static boolean isUnsafe(int c) {
        return c < 0x20
                || (c >= 0x7f && c < 0xa0)
                || c == 0x061c
                || c == 0x200e
                || c == 0x200f
                || (c >= 0x2028 && c <= 0x202e)
                || (c >= 0x2066 && c <= 0x2069);
    }
}
