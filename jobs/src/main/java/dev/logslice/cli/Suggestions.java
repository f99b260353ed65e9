package dev.logslice.cli;

import java.util.Collection;
import java.util.Optional;

/**
 * The name a user probably meant by a mistyped one ({@code stast}: {@code stats}): the closest
 * known name by edits, where an edit adds, drops, changes or swaps two neighbouring characters.
 */
final class Suggestions {
    private Suggestions() {}

    /** The closest of {@code names}, if it is near enough to have been meant. */
    static Optional<String> closest(String typed, Collection<String> names) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : names) {
            int distance = distance(typed, name);
            if (distance < bestDistance) {
                best = name;
                bestDistance = distance;
            }
        }
        // Two edits in a short word make another word; a third of its letters is a typo's reach.
        int allowed = Math.max(1, Math.min(2, typed.replaceFirst("^-+", "").length() / 3));
        return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** Optimal string alignment distance: Levenshtein plus the swap of adjacent characters. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] =
                        Math.min(
                                Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1
                        && j > 1
                        && a.charAt(i - 1) == b.charAt(j - 2)
                        && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
