package dev.logslice.generate;

/**
 * SplitMix64: a fixed, fully specified algorithm, so a seed gives the same numbers on every JVM
 * (the JDK does not promise that for {@code SplittableRandom}), and fast enough for 200 MB/s.
 */
final class SeededRandom {
    private long state;

    SeededRandom(long seed) {
        this.state = seed;
    }

    long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A number in {@code [0, bound)}; the multiply-shift bias is far below what logs can show. */
    int nextInt(int bound) {
        return (int) (((nextLong() >>> 32) * bound) >>> 32);
    }

    /** A number in {@code [from, to]}. */
    int between(int from, int to) {
        return from + nextInt(to - from + 1);
    }

    /** True with probability {@code 1 / n}. */
    boolean oneIn(int n) {
        return nextInt(n) == 0;
    }

    /** An index in {@code [0, n)}, small ones far more often: popular pages, busy clients. */
    int skewed(int n) {
        return nextInt(nextInt(n) + 1);
    }

    <T> T pick(T[] choices) {
        return choices[nextInt(choices.length)];
    }
}
