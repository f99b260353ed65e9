package dev.logslice.format.log4j;

import dev.logslice.format.layout.Capture;
import dev.logslice.format.layout.Shape;

/**
 * A PatternLayout format modifier ({@code -5}, {@code 15.15}, {@code .-30}): a minimum width pads
 * with spaces, to be trimmed (text with its padding is never narrower); a maximum width truncates,
 * so longer values cannot be the field.
 */
final class FormatModifier {
    private static final FormatModifier NONE = new FormatModifier(0, Integer.MAX_VALUE, false);

    private final int minWidth;
    private final int maxWidth;
    private final boolean leftJustified;

    private FormatModifier(int minWidth, int maxWidth, boolean leftJustified) {
        this.minWidth = minWidth;
        this.maxWidth = maxWidth;
        this.leftJustified = leftJustified;
    }

    static FormatModifier parse(String text) {
        if (text.isEmpty()) {
            return NONE;
        }
        int dot = text.indexOf('.');
        String min = (dot < 0 ? text : text.substring(0, dot)).replace("-", "");
        String max = dot < 0 ? "" : text.substring(dot + 1).replace("-", "");
        try {
            return new FormatModifier(
                    min.isEmpty() ? 0 : Integer.parseInt(min),
                    max.isEmpty() ? Integer.MAX_VALUE : Integer.parseInt(max),
                    text.startsWith("-"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid format modifier '" + text + "'", e);
        }
    }

    Capture apply(Capture capture) {
        // Only text, which may hold the layout's own separators, needs its width to tell where it
        // ends; a logger padded to 40 in a line that pads it less is still that logger.
        boolean text = capture.shape() == Shape.TEXT || capture.shape() == Shape.BRACKETED;
        Capture result =
                minWidth == 0 ? capture : text ? capture.padded(minWidth) : capture.trimmed();
        if (leftJustified && minWidth > 0) {
            result = result.paddedAfterTo(minWidth);
        }
        return maxWidth == Integer.MAX_VALUE ? result : result.withMaxWidth(maxWidth);
    }
}
