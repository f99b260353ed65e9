package dev.logslice.format.log4j;

import dev.logslice.format.layout.Capture;

/**
 * A PatternLayout format modifier ({@code -5}, {@code 15.15}, {@code .-30}): a minimum width pads
 * with spaces, to be trimmed; a maximum width truncates, so longer values cannot be the field.
 */
final class FormatModifier {
    private static final FormatModifier NONE = new FormatModifier(false, Integer.MAX_VALUE);

    private final boolean padded;
    private final int maxWidth;

    private FormatModifier(boolean padded, int maxWidth) {
        this.padded = padded;
        this.maxWidth = maxWidth;
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
                    !min.isEmpty() && Integer.parseInt(min) > 0,
                    max.isEmpty() ? Integer.MAX_VALUE : Integer.parseInt(max));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid format modifier '" + text + "'", e);
        }
    }

    Capture apply(Capture capture) {
        Capture result = padded ? capture.trimmed() : capture;
        return maxWidth == Integer.MAX_VALUE ? result : result.withMaxWidth(maxWidth);
    }
}
