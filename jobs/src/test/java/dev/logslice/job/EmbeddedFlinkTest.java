package dev.logslice.job;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class EmbeddedFlinkTest {
    private static final String TCP_LISTEN = "0A";

    @Test
    void theEmbeddedClusterListensOnLoopbackOnly() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs Linux's /proc");
        EmbeddedFlink.EarlyStart early = EmbeddedFlink.startEarly(1);

        List<String> listening =
                EmbeddedFlink.run(
                        early,
                        1,
                        new Configuration(),
                        env -> {
                            // A job that outlasts the look: the cluster is up and serving it.
                            try (CloseableIterator<Long> values =
                                    env.fromSequence(1, Long.MAX_VALUE).collectAsync()) {
                                env.executeAsync("listening");
                                assertThat(values.next()).isPositive();
                                return ownListeningAddresses();
                            }
                        });

        // The REST endpoint and the BLOB server at least: the look saw the cluster's sockets.
        assertThat(listening).hasSizeGreaterThanOrEqualTo(2);
        assertThat(listening).allMatch(EmbeddedFlinkTest::isLoopback, "a loopback address");
    }

    /**
     * The local addresses and ports (hex, as /proc/net/tcp* gives them) this JVM's sockets listen
     * on.
     */
    private static List<String> ownListeningAddresses() throws IOException {
        Set<String> ownInodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String link = Files.readSymbolicLink(fd).toString();
                    if (link.startsWith("socket:[")) {
                        ownInodes.add(link.substring(8, link.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // A descriptor the listing itself used, gone by now.
                }
            }
        }
        List<String> addresses = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path path = Path.of(table);
            if (!Files.exists(path)) {
                continue;
            }
            List<String> rows = Files.readAllLines(path);
            for (String row : rows.subList(1, rows.size())) {
                String[] columns = row.trim().split("\\s+");
                if (columns[3].equals(TCP_LISTEN) && ownInodes.contains(columns[9])) {
                    addresses.add(columns[1]);
                }
            }
        }
        return addresses;
    }

    /** 127.x.x.x (little-endian hex: the last byte is 7F), ::1, or ::ffff:127.x.x.x. */
    private static boolean isLoopback(String addressAndPort) {
        String hex = addressAndPort.substring(0, addressAndPort.indexOf(':'));
        if (hex.length() == 8) {
            return hex.endsWith("7F");
        }
        return hex.equals("00000000000000000000000001000000")
                || (hex.startsWith("0000000000000000FFFF0000") && hex.endsWith("7F"));
    }
}
