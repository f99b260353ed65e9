package dev.logslice.format.testing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

import javax.annotation.Nullable;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Slow query logs as MySQL 5.5 to 8.0, MariaDB and Percona write them, hostile where a log may be
 * (users with {@code @}, queries over lines, with blank lines, {@code #} lines and {@code
 * Query_time:} in them, long lines, administrator commands, entries of the same second without
 * their {@code # Time:}, restarts in the middle), with what each of their events holds, known here
 * without logslice's parser: for tests that check logslice's reading against it.
 */
public final class SlowLogs {
    /** An entry's {@code # Time:} is in the server's zone until MySQL 5.7: here UTC+8. */
    private static final ZoneOffset SERVER_ZONE = ZoneOffset.ofHours(8);

    private static final DateTimeFormatter OLD_TIME =
            DateTimeFormatter.ofPattern("yyMMdd ppH:mm:ss", Locale.ROOT).withZone(SERVER_ZONE);
    private static final DateTimeFormatter NEW_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX", Locale.ROOT);

    private static final List<String> START_UP =
            List.of(
                    "/usr/sbin/mysqld, Version: 8.0.15 (MySQL Community Server - GPL). started"
                            + " with:",
                    "Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock",
                    "Time                 Id Command    Argument");

    private SlowLogs() {}

    /** The servers whose entries differ in their {@code #} lines. */
    public enum Server {
        MYSQL_55,
        MYSQL_80,
        MARIADB,
        PERCONA
    }

    /**
     * What an entry is made of.
     *
     * @param gap seconds after the entry before; 0 leaves its {@code # Time:} out, as servers do
     * @param restart whether the server's start-up lines come before it (an event of their own)
     */
    public record Spec(
            Server server,
            int gap,
            int user,
            int queryMicros,
            @Nullable String schema,
            List<String> query,
            boolean restart) {}

    /**
     * One event of a log: its lines (no terminators) and what they say; a start-up block has no
     * time, user or query time.
     */
    public record Event(
            List<String> lines,
            @Nullable Instant time,
            @Nullable String user,
            @Nullable String client,
            double queryTime,
            @Nullable String query) {}

    /** A log: its events in order; with CRLF or LF after every line. */
    public record Log(List<Event> events, boolean crlf) {
        public String text() {
            StringBuilder text = new StringBuilder();
            for (Event event : events) {
                for (String line : event.lines()) {
                    text.append(line).append(crlf ? "\r\n" : "\n");
                }
            }
            return text.toString();
        }
    }

    private static final String[] USERS = {"app", "report", "we@ird", "root", "debian-sys-maint"};
    private static final String[] HOSTS = {"web1 [10.0.0.5]", "localhost []", " [192.168.0.10]"};
    private static final String[] CLIENTS = {"10.0.0.5", "localhost", "192.168.0.10"};

    public static Arbitrary<Spec> specs() {
        return Combinators.combine(
                        Arbitraries.of(Server.class),
                        Arbitraries.integers().between(0, 400).edgeCases(e -> e.add(0)),
                        Arbitraries.integers().between(0, USERS.length - 1),
                        Arbitraries.integers().between(0, 99_999_999),
                        Arbitraries.of("shop", "a b", "").injectNull(0.5),
                        queries(),
                        Arbitraries.integers().between(0, 9).map(n -> n == 0))
                .as(Spec::new);
    }

    /** Queries of one or more lines, some long or odd; none a line that opens an entry. */
    private static Arbitrary<List<String>> queries() {
        Arbitrary<String> line =
                Arbitraries.oneOf(
                        Arbitraries.of(
                                "SELECT * FROM orders WHERE id = 1;",
                                "SELECT name",
                                "  FROM customers",
                                " WHERE note = '# Time: 2026-01-01T00:00:00Z';",
                                "# administrator command: Quit;",
                                "#a comment in the query",
                                "",
                                "SET timestamp=1;",
                                "INSERT INTO t VALUES ('Query_time: 99', 'd\u00e9j\u00e0 \u2603');",
                                "use other;",
                                "\tAND total > 100"),
                        Arbitraries.integers()
                                .between(3_000, 20_000)
                                .map(n -> "SELECT '" + "x".repeat(n) + "';"));
        return line.list().ofMinSize(1).ofMaxSize(5);
    }

    /** The log of these entries, the first at {@code start}, after the server's start-up lines. */
    public static Log of(List<Spec> specs, Instant start, boolean crlf) {
        List<Event> events = new ArrayList<>();
        events.add(new Event(START_UP, null, null, null, 0, null));
        Instant time = start;
        for (int i = 0; i < specs.size(); i++) {
            Spec spec = specs.get(i);
            time = time.plusSeconds(spec.gap());
            if (spec.restart()) {
                events.add(new Event(START_UP, null, null, null, 0, null));
            }
            boolean withTime = i == 0 || spec.gap() > 0 || spec.restart();
            events.add(entry(spec, time, withTime));
        }
        return new Log(events, crlf);
    }

    private static Event entry(Spec spec, Instant time, boolean withTime) {
        List<String> lines = new ArrayList<>();
        String user = USERS[spec.user()];
        int host = spec.user() % HOSTS.length;
        String queryTime =
                String.format(
                        Locale.ROOT,
                        "%d.%06d",
                        spec.queryMicros() / 1_000_000,
                        spec.queryMicros() % 1_000_000);
        String rows = "Lock_time: 0.000061 Rows_sent: 1  Rows_examined: 81";
        boolean old = spec.server() == Server.MYSQL_55 || spec.server() == Server.MARIADB;
        if (withTime) {
            // Microseconds the SET timestamp line has not: the event's time is that line's.
            Instant written = time.plusNanos(123_456_000);
            lines.add(
                    "# Time: "
                            + (old
                                    ? OLD_TIME.format(written)
                                    : NEW_TIME.format(written.atOffset(ZoneOffset.UTC))));
        }
        String userHost = "# User@Host: " + user + "[" + user + "] @ " + HOSTS[host];
        switch (spec.server()) {
            case MYSQL_55:
                lines.add(userHost);
                lines.add("# Query_time: " + queryTime + "  " + rows);
                break;
            case MYSQL_80:
                lines.add(userHost + "  Id:    " + (11 + spec.user()));
                lines.add("# Query_time: " + queryTime + "  " + rows);
                break;
            case MARIADB:
                lines.add(userHost);
                lines.add(
                        "# Thread_id: 8  Schema: "
                                + (spec.schema() == null ? "" : spec.schema())
                                + "  QC_hit: No");
                lines.add("# Query_time: " + queryTime + "  " + rows);
                lines.add("# Rows_affected: 0  Bytes_sent: 65");
                lines.add("#");
                lines.add("# explain: id   select_type     table   type");
                break;
            case PERCONA:
                lines.add(userHost + "  Id:  5");
                lines.add("# Schema: shop  Last_errno: 0  Killed: 0");
                lines.add("# Query_time: " + queryTime + "  " + rows + "  Rows_affected: 0");
                lines.add("# Bytes_sent: 123  Tmp_tables: 0  Tmp_disk_tables: 0");
                lines.add("# InnoDB_trx_id: 1A2B3C");
                lines.add("# QC_Hit: No  Full_scan: Yes  Full_join: No  Tmp_table: No");
                lines.add("# No InnoDB statistics available for this query");
                break;
            default:
                throw new IllegalArgumentException(spec.server().toString());
        }
        if (spec.schema() != null && !spec.schema().isEmpty() && !spec.schema().contains(" ")) {
            lines.add("use " + spec.schema() + ";");
        }
        lines.add("SET timestamp=" + time.getEpochSecond() + ";");
        lines.addAll(spec.query());
        // The assembler leaves an event's last blank lines out: an entry may have no query left.
        String query = String.join("\n", spec.query()).stripTrailing();
        return new Event(
                lines,
                time,
                user,
                CLIENTS[host],
                spec.queryMicros() / 1e6,
                query.isEmpty() ? null : query);
    }
}
