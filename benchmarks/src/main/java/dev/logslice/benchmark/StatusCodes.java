package dev.logslice.benchmark;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The status code of a combined access log line, found the quick way a stock job would find it (the
 * three characters after the quoted request), and the one-line form in which {@code compare.sh}
 * compares every tool's counts: {@code 200=792 204=9 ...}, by code.
 */
final class StatusCodes {
    /** What lines without a request and status count as. */
    static final String NONE = "-";

    private StatusCodes() {}

    static String of(String line) {
        int request = line.indexOf("] \"");
        int requestEnd = request < 0 ? -1 : line.indexOf('"', request + 3);
        if (requestEnd < 0
                || requestEnd + 5 > line.length()
                || line.charAt(requestEnd + 1) != ' ') {
            return NONE;
        }
        return line.substring(requestEnd + 2, requestEnd + 5);
    }

    static String format(Map<String, Long> counts) {
        return new TreeMap<>(counts)
                .entrySet().stream()
                        .map(entry -> entry.getKey() + "=" + entry.getValue())
                        .collect(Collectors.joining(" "));
    }
}
