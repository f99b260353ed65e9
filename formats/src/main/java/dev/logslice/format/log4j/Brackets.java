package dev.logslice.format.log4j;

/** Finds the bracket that closes one at a given index, counting nested pairs. */
final class Brackets {
    private Brackets() {}

    static int close(String text, int open, char opening, char closing, String pattern) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == opening) {
                depth++;
            } else if (c == closing && --depth == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException(
                "unclosed '" + opening + "' at position " + (open + 1) + " in '" + pattern + "'");
    }
}
