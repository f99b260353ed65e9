package dev.logslice.generate;

/**
 * Access logs as JSON lines, the shape of an nginx {@code log_format ... escape=json}; every value
 * the traffic yields is plain ASCII without quotes or backslashes, so no escaping is needed.
 */
final class JsonAccessLogWriter implements LogEventWriter {
    private final WebTraffic traffic;

    JsonAccessLogWriter(SeededRandom random, WebCardinality cardinality) {
        this.traffic = new WebTraffic(random, cardinality);
    }

    @Override
    public void writeEvent(LineBuffer out) {
        WebTraffic t = traffic;
        t.next();
        out.ascii("{\"time\":\"");
        t.clock.writeIso8601(out);
        out.ascii("\",\"remote_addr\":\"").put(t.client);
        out.ascii("\",\"remote_user\":\"").put(t.user);
        out.ascii("\",\"host\":\"").put(t.vhost);
        out.ascii("\",\"request\":\"").put(t.method).put(' ').put(t.path).put(' ').put(t.protocol);
        out.ascii("\",\"status\":").decimal(t.status);
        out.ascii(",\"body_bytes_sent\":").decimal(Math.max(t.bytes, 0));
        out.ascii(",\"http_referer\":\"").put(t.referrer);
        out.ascii("\",\"http_user_agent\":\"").put(t.agent);
        out.ascii("\",\"request_time\":").seconds(t.requestMillis);
        out.ascii(",\"upstream_response_time\":");
        if (t.upstreamMillis < 0) {
            out.ascii("null");
        } else {
            out.seconds(t.upstreamMillis);
        }
        out.put('}').newline();
    }

    @Override
    public int maxEventBytes() {
        return 4096;
    }
}
