package dev.logslice.report;

/** Log text made safe for a terminal: control characters (escape sequences) shown, not sent. */
final class Terminal {
    private Terminal() {}

    static String printable(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints()
                .forEach(
                        c -> {
                            if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                                out.append(String.format("\\x%02x", c));
                            } else {
                                out.appendCodePoint(c);
                            }
                        });
        return out.toString();
    }
}
