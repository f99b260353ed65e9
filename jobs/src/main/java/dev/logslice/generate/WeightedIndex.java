package dev.logslice.generate;

/** Picks an index with probability proportional to its weight, by one table look-up. */
final class WeightedIndex {
    private final byte[] table;

    /** Weights are in parts of their sum; at most 128 choices. */
    WeightedIndex(int... weights) {
        int total = 0;
        for (int weight : weights) {
            total += weight;
        }
        table = new byte[total];
        int next = 0;
        for (int i = 0; i < weights.length; i++) {
            for (int k = 0; k < weights[i]; k++) {
                table[next++] = (byte) i;
            }
        }
    }

    int pick(SeededRandom random) {
        return table[random.nextInt(table.length)];
    }
}
