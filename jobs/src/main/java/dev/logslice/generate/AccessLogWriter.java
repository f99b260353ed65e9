package dev.logslice.generate;

/**
 * Apache/nginx access logs: {@code combined}, {@code vcombined} (with Apache's {@code %v:%p}
 * prefix) and nginx's combined with {@code $request_time $upstream_response_time} appended.
 */
final class AccessLogWriter implements LogEventWriter {
    private final WebTraffic traffic;
    private final boolean vhostPrefix;
    private final boolean timings;

    private AccessLogWriter(
            SeededRandom random, WebCardinality cardinality, boolean vhostPrefix, boolean timings) {
        this.traffic = new WebTraffic(random, cardinality);
        this.vhostPrefix = vhostPrefix;
        this.timings = timings;
    }

    static AccessLogWriter combined(SeededRandom random, WebCardinality cardinality) {
        return new AccessLogWriter(random, cardinality, false, false);
    }

    static AccessLogWriter vhostCombined(SeededRandom random, WebCardinality cardinality) {
        return new AccessLogWriter(random, cardinality, true, false);
    }

    static AccessLogWriter nginx(SeededRandom random, WebCardinality cardinality) {
        return new AccessLogWriter(random, cardinality, false, true);
    }

    @Override
    public void writeEvent(LineBuffer out) {
        WebTraffic t = traffic;
        t.next();
        if (vhostPrefix) {
            out.put(t.vhost).put(' ');
        }
        out.put(t.client).ascii(" - ").put(t.user).ascii(" [");
        t.clock.writeCommonLog(out);
        out.ascii("] \"").put(t.method).put(' ').put(t.path).put(' ').put(t.protocol);
        out.ascii("\" ").decimal(t.status).put(' ');
        if (t.bytes < 0) {
            out.put('-');
        } else {
            out.decimal(t.bytes);
        }
        out.ascii(" \"").put(t.referrer).ascii("\" \"").put(t.agent).put('"');
        if (timings) {
            out.put(' ').seconds(t.requestMillis).put(' ');
            if (t.upstreamMillis < 0) {
                out.put('-');
            } else {
                out.seconds(t.upstreamMillis);
            }
        }
        out.newline();
    }

    @Override
    public int maxEventBytes() {
        return 4096;
    }
}
