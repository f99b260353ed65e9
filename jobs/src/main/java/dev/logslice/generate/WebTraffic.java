package dev.logslice.generate;

/**
 * Simulated requests to a web site, one at a time: the fields describe the current request. Clients
 * and paths come from seeded pools with a few very popular entries; now and then an outage (a burst
 * of 502/503/504) or a vulnerability scan (one client probing for 404s) runs for a while.
 */
final class WebTraffic {
    private static final byte[] DASH = {'-'};
    private static final int[] STATUSES = {
        200, 304, 301, 302, 206, 204, 400, 401, 403, 404, 405, 429, 499, 500, 502, 503
    };
    private static final WeightedIndex STATUS_WEIGHTS =
            new WeightedIndex(800, 60, 12, 30, 4, 10, 6, 8, 10, 40, 2, 3, 3, 6, 3, 3);
    private static final int[] OUTAGE_STATUSES = {502, 503, 504};

    private final SeededRandom random;
    private final WebPools pools;
    final LogClock clock = new LogClock();

    byte[] client;
    byte[] user;
    byte[] method;
    byte[] path;
    byte[] protocol;
    int status;

    /** Body bytes, -1 where the server logs {@code -}. */
    long bytes;

    byte[] referrer;
    byte[] agent;
    byte[] vhost;
    int requestMillis;

    /** Time spent upstream, -1 where nginx answered by itself and logs {@code -}. */
    int upstreamMillis;

    private Burst burst = Burst.NONE;
    private int burstLeft;
    private byte[] scanner;

    private enum Burst {
        NONE,
        OUTAGE,
        SCAN
    }

    WebTraffic(SeededRandom random, WebCardinality cardinality) {
        this.random = random;
        this.pools = new WebPools(random, cardinality);
    }

    void next() {
        clock.advance(random.nextInt(12));
        updateBurst();
        int page = random.skewed(pools.paths.length);
        boolean dynamic = pools.dynamic[page];
        client = pools.clients[random.skewed(pools.clients.length)];
        user = random.oneIn(40) ? random.pick(pools.users) : DASH;
        method = pools.methods[WebVocabulary.METHOD_WEIGHTS.pick(random)];
        path = pools.paths[page];
        protocol = pools.protocols[WebVocabulary.PROTOCOL_WEIGHTS.pick(random)];
        status = STATUSES[STATUS_WEIGHTS.pick(random)];
        referrer = pools.referrer(random);
        agent = pools.agents[WebVocabulary.USER_AGENT_WEIGHTS.pick(random)];
        vhost = pools.vhosts[random.skewed(pools.vhosts.length)];
        requestMillis =
                dynamic
                        ? random.nextInt(60) + (random.oneIn(50) ? random.nextInt(3000) : 0)
                        : random.nextInt(3);
        upstreamMillis = dynamic ? Math.max(0, requestMillis - random.nextInt(2)) : -1;
        if (burst == Burst.OUTAGE && random.nextInt(100) < 65) {
            failUpstream();
        } else if (burst == Burst.SCAN && random.nextInt(2) == 0) {
            probe();
        }
        bytes = bodyBytes(dynamic);
    }

    private void updateBurst() {
        if (burstLeft > 0) {
            burstLeft--;
        } else if (random.oneIn(25_000)) {
            burst = random.nextInt(2) == 0 ? Burst.OUTAGE : Burst.SCAN;
            burstLeft = random.between(300, 3000);
            scanner = pools.clients[random.nextInt(pools.clients.length)];
        } else {
            burst = Burst.NONE;
        }
    }

    private void failUpstream() {
        status = OUTAGE_STATUSES[random.nextInt(OUTAGE_STATUSES.length)];
        requestMillis = status == 504 ? 60_000 + random.nextInt(20) : random.nextInt(5);
        upstreamMillis = requestMillis;
    }

    private void probe() {
        client = scanner;
        user = DASH;
        path = random.pick(pools.attackPaths);
        agent = random.pick(pools.scannerAgents);
        referrer = DASH;
        int roll = random.nextInt(10);
        status = roll < 7 ? 404 : roll < 9 ? 403 : 400;
        upstreamMillis = -1;
    }

    private long bodyBytes(boolean dynamic) {
        if (status == 304 || status == 204 || method[0] == 'H') {
            return -1;
        }
        if (status >= 300) {
            return random.between(150, 600);
        }
        if (random.oneIn(200)) {
            return random.between(1_000_000, 50_000_000);
        }
        return dynamic ? random.between(800, 60_000) : random.between(300, 250_000);
    }
}
