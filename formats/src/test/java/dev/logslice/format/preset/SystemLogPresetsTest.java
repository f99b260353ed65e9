package dev.logslice.format.preset;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * The logs of a Debian or Ubuntu machine beyond syslog: dpkg.log, apt's history.log, nginx's error
 * log; and the PostgreSQL and MySQL time forms of issue 14.
 */
class SystemLogPresetsTest {
    private static LogFormat format(String name) {
        return FormatRegistry.standard().create(name, FormatOptions.none());
    }

    private static ParseResult result(String format, String line) {
        return Parsing.result(format(format).newParser(Parsing.CONTEXT), line);
    }

    @Test
    void dpkgStatesActionsStartupsAndConffiles() {
        LogEvent status =
                Parsing.event(
                        format("dpkg"),
                        "2024-01-02 03:04:05 status half-configured libc6:amd64 2.36-9+deb12u4");
        LogEvent upgrade =
                Parsing.event(
                        format("dpkg"),
                        "2024-01-02 03:04:06 upgrade nginx-common:all 1.22.1-9 1.22.1-9+deb12u1");
        LogEvent install =
                Parsing.event(
                        format("dpkg"),
                        "2024-01-02 03:04:07 install linux-image-6.1.0-18-amd64:amd64 <none> 6.1.76-1");
        LogEvent startup =
                Parsing.event(format("dpkg"), "2024-01-02 03:04:08 startup packages configure");
        LogEvent conffile =
                Parsing.event(
                        format("dpkg"),
                        "2024-01-02 03:04:09 conffile /etc/nginx/sites-available/default keep");

        assertThat(status.timestampText()).isEqualTo("2024-01-02T03:04:05Z");
        assertThat(status.extra())
                .containsExactly(
                        entry("state", "half-configured"),
                        entry("package", "libc6:amd64"),
                        entry("version", "2.36-9+deb12u4"));
        assertThat(upgrade.extra())
                .containsExactly(
                        entry("action", "upgrade"),
                        entry("package", "nginx-common:all"),
                        entry("version", "1.22.1-9"),
                        entry("newVersion", "1.22.1-9+deb12u1"));
        assertThat(install.extra()).containsEntry("version", "<none>");
        assertThat(startup.extra())
                .containsExactly(entry("startup", "packages"), entry("action", "configure"));
        assertThat(conffile.extra())
                .containsExactly(
                        entry("conffile", "/etc/nginx/sites-available/default"),
                        entry("decision", "keep"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2024-01-02 03:04:05 status installed libc6:amd64",
                "2024-01-02 03:04:05 upgrade libc6:amd64 2.36-8 2.36-9 trailing",
                "2024-01-02 03:04:05,123 INFO [main] a.B: started",
                "2024-01-02 03:04 status installed libc6:amd64 2.36-9"
            })
    void linesThatAreNoDpkgLinesAreMalformed(String line) {
        assertThat(result("dpkg", line)).isInstanceOf(MalformedLine.class);
    }

    @Test
    void aptHistoryIsOneEventPerBlock() {
        String history =
                "\n"
                        + "Start-Date: 2024-01-02  03:04:05\n"
                        + "Commandline: apt-get install -y nginx\n"
                        + "Requested-By: deploy (1000)\n"
                        + "Install: nginx-common:amd64 (1.22.1-9, automatic), nginx:amd64 (1.22.1-9)\n"
                        + "End-Date: 2024-01-02  03:04:09\n"
                        + "\n"
                        + "Start-Date: 2024-01-03  11:00:00\n"
                        + "Commandline: /usr/bin/unattended-upgrade\n"
                        + "Upgrade: libc6:amd64 (2.36-9, 2.36-9+deb12u4)\n"
                        + "Error: Sub-process /usr/bin/dpkg returned an error code (1)\n"
                        + "End-Date: 2024-01-03  11:00:42\n"
                        + "stray text that is no field of a block\n";

        List<ParseResult> results =
                Parsing.assemble(format("apt-history"), history, EventBounds.DEFAULTS);

        assertThat(results).hasSize(4);
        assertThat(results.get(0)).isInstanceOf(MalformedLine.class);
        LogEvent install = (LogEvent) results.get(1);
        assertThat(install.timestampText()).isEqualTo("2024-01-02T03:04:05Z");
        assertThat(install.lineCount()).isEqualTo(6);
        assertThat(install.message())
                .startsWith("Commandline: apt-get install -y nginx\nRequested-By: deploy (1000)\n")
                .contains("End-Date: 2024-01-02  03:04:09");
        LogEvent upgrade = (LogEvent) results.get(2);
        assertThat(upgrade.lineCount()).isEqualTo(5);
        assertThat(upgrade.message()).contains("Error: Sub-process /usr/bin/dpkg");
        assertThat(((MalformedLine) results.get(3)).reason()).contains("continues no event");
    }

    @Test
    void nginxErrorLinesGiveTheirContextToFields() {
        LogEvent event =
                Parsing.event(
                        format("nginx-error"),
                        "2024/01/02 03:04:05 [error] 1234#1234: *7 upstream timed out (110: Connection"
                                + " timed out) while reading response header from upstream, client:"
                                + " 2001:db8::7, server: shop.example.com, request: \"GET /api/cart?id=7"
                                + " HTTP/1.1\", upstream: \"http://127.0.0.1:8080/api/cart?id=7\", host:"
                                + " \"shop.example.com\", referrer: \"https://shop.example.com/\"");

        assertThat(event.timestampText()).isEqualTo("2024-01-02T03:04:05Z");
        assertThat(event.level()).isEqualTo("error");
        assertThat(event.pid()).isEqualTo(1234);
        assertThat(event.message())
                .isEqualTo(
                        "upstream timed out (110: Connection timed out) while reading response"
                                + " header from upstream");
        assertThat(event.client()).isEqualTo("2001:db8::7");
        assertThat(event.method()).isEqualTo("GET");
        assertThat(event.path()).isEqualTo("/api/cart?id=7");
        assertThat(event.protocol()).isEqualTo("HTTP/1.1");
        assertThat(event.host()).isEqualTo("shop.example.com");
        assertThat(event.referrer()).isEqualTo("https://shop.example.com/");
        assertThat(event.extra())
                .containsExactly(
                        entry("threadId", 1234L),
                        entry("connection", 7L),
                        entry("server", "shop.example.com"),
                        entry("upstream", "http://127.0.0.1:8080/api/cart?id=7"));
    }

    @Test
    void aContextInsideTheMessageIsNotTakenForNginxs() {
        // The requested file name is the attacker's: its fake context must stay in the message.
        LogEvent event =
                Parsing.event(
                        format("nginx-error"),
                        "2024/01/02 03:04:05 [error] 12#12: *3 open() \"/srv/a, client: 6.6.6.6,"
                                + " server: evil\" failed (2: No such file or directory), client:"
                                + " 10.0.0.5, server: shop, request: \"GET /a, client: 6.6.6.6"
                                + " HTTP/1.1\", host: \"shop\"");

        assertThat(event.client()).isEqualTo("10.0.0.5");
        assertThat(event.message())
                .isEqualTo(
                        "open() \"/srv/a, client: 6.6.6.6, server: evil\" failed (2: No such file or"
                                + " directory)");
        assertThat(event.path()).isEqualTo("/a, client: 6.6.6.6");
        assertThat(event.extra()).containsEntry("server", "shop");
    }

    @Test
    void nginxLinesWithoutConnectionOrContext() {
        LogEvent notice =
                Parsing.event(
                        format("nginx-error"),
                        "2024/01/02 03:04:05 [notice] 812#812: signal process started");
        LogEvent odd =
                Parsing.event(
                        format("nginx-error"),
                        "2024/01/02 03:04:05 [warn] 812#812: *9 text, client: with blanks, server: x");

        assertThat(notice.message()).isEqualTo("signal process started");
        assertThat(notice.has(Field.CLIENT)).isFalse();
        assertThat(odd.has(Field.CLIENT)).isFalse();
        assertThat(odd.message()).isEqualTo("text, client: with blanks, server: x");
        assertThat(result("nginx-error", "2024/01/02 03:04:05 [fatal] 812#812: no such level"))
                .isInstanceOf(MalformedLine.class);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "2024-01-02 03:04:05.123 CET [42] LOG:  x | 2024-01-02T03:04:05.123+01:00",
                "2024-07-02 03:04:05.123 CEST [42] LOG:  x | 2024-07-02T03:04:05.123+02:00",
                "2024-01-02 03:04:05.123 UTC [42] LOG:  x | 2024-01-02T03:04:05.123Z",
                "2024-01-02 03:04:05.123 +01 [42] LOG:  x | 2024-01-02T03:04:05.123+01:00",
                "2024-01-02 03:04:05.123 -0330 [42] LOG:  x | 2024-01-02T03:04:05.123-03:30",
                "2024-01-02 03:04:05 EST [42-1] app@shop LOG:  x | 2024-01-02T03:04:05-05:00",
                // Of no known offset (IST is India's, Ireland's and Israel's): read in --zone.
                "2024-01-02 03:04:05.123 IST [42] LOG:  x | 2024-01-02T03:04:05.123Z"
            })
    void postgresqlTimesAtTheOffsetOfTheirZoneName(String line, String time) {
        assertThat(Parsing.event(format("postgresql"), line).timestampText()).isEqualTo(time);
    }

    @Test
    void postgresqlWithoutPidIsNotReadAsHadoopsLevelAndLogger() throws Exception {
        String log =
                "2019-09-22 06:28:24 UTC DETAIL:  parameters: $1 = '86', $2 = 'Item: Inserted'\n"
                        + "2019-09-22 06:28:24 UTC LOG:  duration: 112.337 ms  execute S_59: UPDATE"
                        + " t SET a = $1\n"
                        + "2019-09-22 06:28:25 CEST app@shop ERROR:  relation \"x\" does not exist";

        assertThat(Parsing.detected(FormatRegistry.standard(), log)).isEqualTo("postgresql");
        LogEvent detail =
                Parsing.event(format("postgresql"), log.lines().findFirst().orElseThrow());
        LogEvent error =
                Parsing.event(format("postgresql"), log.lines().skip(2).findFirst().orElseThrow());
        assertThat(detail.level()).isEqualTo("DETAIL");
        assertThat(detail.logger()).isNull();
        assertThat(detail.timestampText()).isEqualTo("2019-09-22T06:28:24Z");
        assertThat(detail.message()).startsWith("parameters: $1 = '86'");
        assertThat(error.timestampText()).isEqualTo("2019-09-22T06:28:25+02:00");
        assertThat(error.user()).isEqualTo("app");
        assertThat(error.extra()).contains(entry("database", "shop"), entry("zone", "CEST"));
    }

    /**
     * Amazon RDS and Aurora fix PostgreSQL's prefix at '%t:%r:%u@%d:[%p]:': every line of a log
     * downloaded from them was refused. The remote end is an address and port, {@code [local]} or
     * none, as are the user and database of a background process.
     */
    @Test
    void rdsPostgresqlPrefix() throws Exception {
        String log =
                "2024-01-02 03:04:05 UTC::@:[4000]:LOG:  checkpoint starting: time\n"
                        + "2024-01-02 03:04:06 UTC:10.0.0.5(52344):app_user@shop:[4001]:ERROR: "
                        + " relation \"ordrs\" does not exist at character 15\n"
                        + "2024-01-02 03:04:06 UTC:10.0.0.5(52344):app_user@shop:[4001]:STATEMENT: "
                        + " SELECT *\n"
                        + "\t  FROM ordrs\n"
                        + "2024-01-02 03:04:07 UTC:[local]:postgres@postgres:[4002]:LOG:  connection"
                        + " authorized: user=postgres database=postgres\n"
                        + "2024-01-02 03:04:08 UTC:2001:db8::7(5432):ünï@db:[4003]:FATAL:  password"
                        + " authentication failed for user \"ünï\"";

        assertThat(Parsing.detected(FormatRegistry.standard(), log)).isEqualTo("postgresql");
        List<ParseResult> results =
                Parsing.assemble(format("postgresql"), log, EventBounds.DEFAULTS);

        assertThat(results).hasSize(5).allSatisfy(r -> assertThat(r).isInstanceOf(LogEvent.class));
        LogEvent checkpoint = (LogEvent) results.get(0);
        assertThat(checkpoint.level()).isEqualTo("LOG");
        assertThat(checkpoint.pid()).isEqualTo(4000L);
        assertThat(checkpoint.has(Field.CLIENT)).isFalse();
        assertThat(checkpoint.user()).isNull();
        assertThat(checkpoint.extra()).doesNotContainKey("database");
        assertThat(checkpoint.message()).isEqualTo("checkpoint starting: time");
        LogEvent error = (LogEvent) results.get(1);
        assertThat(error.timestampText()).isEqualTo("2024-01-02T03:04:06Z");
        assertThat(error.client()).isEqualTo("10.0.0.5");
        assertThat(error.user()).isEqualTo("app_user");
        assertThat(error.extra()).contains(entry("database", "shop"), entry("clientPort", 52344L));
        assertThat(error.message()).isEqualTo("relation \"ordrs\" does not exist at character 15");
        assertThat(((LogEvent) results.get(2)).message()).isEqualTo("SELECT *\n\t  FROM ordrs");
        assertThat(((LogEvent) results.get(3)).has(Field.CLIENT)).isFalse();
        assertThat(((LogEvent) results.get(3)).user()).isEqualTo("postgres");
        LogEvent fatal = (LogEvent) results.get(4);
        assertThat(fatal.client()).isEqualTo("2001:db8::7");
        assertThat(fatal.user()).isEqualTo("ünï");
        assertThat(fatal.level()).isEqualTo("FATAL");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "2024-01-02  3:04:05 1234 [Note] InnoDB: Buffer pool(s) load completed | 2024-01-02T03:04:05Z | Note",
                "2024-01-02 13:04:05 1234 [Warning] Aborted connection 7 to db: 'shop' | 2024-01-02T13:04:05Z | Warning",
                "240102  3:04:05 [ERROR] Can't open the mysql.plugin table | 2024-01-02T03:04:05Z | ERROR",
                "240102 13:04:05 [Note] /usr/sbin/mysqld: ready for connections. | 2024-01-02T13:04:05Z | Note"
            })
    void mysqlWithSpacePaddedHours(String line, String time, String level) {
        LogEvent event = Parsing.event(format("mysql"), line);

        assertThat(event.timestampText()).isEqualTo(time);
        assertThat(event.level()).isEqualTo(level);
    }
}
