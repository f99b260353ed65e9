package dev.logslice.generate;

/**
 * How many distinct clients and paths a simulated site has: the defaults make a typical small site;
 * large ones make the high-cardinality logs that stress top-N panels and unique counts.
 */
public record WebCardinality(int clients, int paths) {
    /** Constants, for annotations: a typical small site. */
    public static final int DEFAULT_CLIENTS = 5000;

    public static final int DEFAULT_PATHS = 20_000;

    public static final WebCardinality DEFAULT = new WebCardinality(DEFAULT_CLIENTS, DEFAULT_PATHS);

    /** Pools are built and kept in memory: 5 M distinct paths take about 1 GB of heap to build. */
    public static final int MAX = 5_000_000;

    public WebCardinality {
        check("clients", clients);
        check("paths", paths);
    }

    private static void check(String what, int n) {
        if (n < 1 || n > MAX) {
            throw new IllegalArgumentException(
                    what + " " + n + " must be between 1 and " + String.format("%,d", MAX));
        }
    }
}
