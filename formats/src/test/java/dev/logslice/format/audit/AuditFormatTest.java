package dev.logslice.format.audit;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * The audit daemon's records, raw and enriched, as auditd writes them. logfmt read them with no
 * time, "audit(...):" as a key, and a user record's nested {@code msg='...'} cut at its blanks.
 */
class AuditFormatTest {
    private final LogFormat audit = new AuditFormat();

    private static final String SYSCALL =
            "type=SYSCALL msg=audit(1705314030.123:24287): arch=c000003e syscall=2 success=yes"
                    + " exit=3 a0=7fffd19c5592 items=1 ppid=2686 pid=3538 auid=1000 uid=0"
                    + " tty=pts0 ses=1 comm=\"cat\" exe=\"/bin/cat\" key=\"sshd_config\"";

    private static final String LOGIN =
            "type=USER_LOGIN msg=audit(1705314040.555:24290): pid=3600 uid=0 auid=4294967295"
                    + " ses=4294967295 subj=unconfined msg='op=login acct=\"alice\""
                    + " exe=\"/usr/sbin/sshd\" hostname=? addr=203.0.113.9 terminal=ssh"
                    + " res=failed'";

    @Test
    void aSyscallsTimeSerialPidAndPairs() {
        LogEvent event = Parsing.event(audit, SYSCALL);

        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30.123Z");
        assertThat(event.pid()).isEqualTo(3538);
        assertThat(event.extra())
                .contains(
                        entry("type", "SYSCALL"),
                        entry("serial", 24287L),
                        entry("syscall", "2"),
                        entry("comm", "cat"),
                        entry("exe", "/bin/cat"),
                        entry("key", "sshd_config"))
                .doesNotContainKey("pid");
        assertThat(event.message()).startsWith("arch=c000003e syscall=2").endsWith("sshd_config\"");
    }

    @Test
    void aUserRecordsNestedPairsAccountAndAddress() {
        LogEvent event = Parsing.event(audit, LOGIN);

        assertThat(event.user()).isEqualTo("alice");
        assertThat(event.client()).isEqualTo("203.0.113.9");
        assertThat(event.extra())
                .contains(
                        entry("type", "USER_LOGIN"),
                        entry("op", "login"),
                        entry("exe", "/usr/sbin/sshd"),
                        entry("hostname", null),
                        entry("terminal", "ssh"),
                        entry("res", "failed"));
    }

    @Test
    void enrichedRecordsAndANodeName() {
        LogEvent event =
                Parsing.event(
                        audit,
                        "node=web-1 type=USER_AUTH msg=audit(1705314040.555:7): pid=9 uid=0"
                                + " msg='op=PAM:authentication acct=\"bob\" hostname=10.0.0.2"
                                + " addr=? res=success'\u001dUID=\"root\" AUID=\"unset\"");

        assertThat(event.host()).isEqualTo("web-1");
        // No addr: a hostname that is an address is the client.
        assertThat(event.client()).isEqualTo("10.0.0.2");
        assertThat(event.extra()).contains(entry("UID", "root"), entry("AUID", "unset"));
    }

    @Test
    void detectedOverLogfmt() throws Exception {
        assertThat(Parsing.detected(FormatRegistry.standard(), SYSCALL + "\n" + LOGIN))
                .isEqualTo("audit");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "----",
                "time->Mon Jan 15 10:20:30 2024",
                "type=SYSCALL msg=audit(1705314030:24287): arch=c000003e",
                "type=SYSCALL msg=audit(1705314030.123): arch=c000003e",
                "type=SYSCALL msg=audit(17053140301234567890.123:1): a=b",
                "type= msg=audit(1705314030.123:1): a=b",
                "level=info msg=audit(1705314030.123:1): a=b"
            })
    void linesThatAreNoAuditRecordsAreMalformed(String line) {
        assertThat(Parsing.result(audit.newParser(Parsing.CONTEXT), line))
                .isInstanceOf(MalformedLine.class);
    }

    @Test
    void aLineOfEndlessPairsKeepsABoundedNumber() {
        StringBuilder line = new StringBuilder("type=PATH msg=audit(1705314030.123:1):");
        for (int i = 0; i < 10_000; i++) {
            line.append(" k").append(i).append("=v");
        }

        LogEvent event = Parsing.event(audit, line.toString());

        assertThat(event.extra()).hasSizeLessThanOrEqualTo(2 + 64);
    }

    /** Any pairs auditd could write, bare, quoted or nested, read back as written. */
    @Property(tries = 400)
    void pairsReadBack(
            @ForAll("pairs") Map<String, String> outer,
            @ForAll("pairs") Map<String, String> nested,
            @ForAll @IntRange(min = 0, max = 2) int quoting) {
        StringBuilder line = new StringBuilder("type=USER_CMD msg=audit(1705314030.123:42):");
        for (Map.Entry<String, String> pair : outer.entrySet()) {
            line.append(' ').append(pair.getKey()).append('=');
            line.append(quoting == 1 ? '"' + pair.getValue() + '"' : pair.getValue());
        }
        line.append(" msg='");
        String separator = "";
        for (Map.Entry<String, String> pair : nested.entrySet()) {
            line.append(separator).append("n").append(pair.getKey()).append('=');
            line.append(quoting == 2 ? '"' + pair.getValue() + '"' : pair.getValue());
            separator = " ";
        }
        line.append('\'');

        LogEvent event = Parsing.event(audit, line.toString());

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("type", "USER_CMD");
        expected.put("serial", 42L);
        expected.putAll(outer);
        nested.forEach((key, value) -> expected.put("n" + key, value));
        assertThat(event.extra()).containsExactlyInAnyOrderEntriesOf(expected);
        assertThat(event.timestampText()).isEqualTo("2024-01-15T10:20:30.123Z");
    }

    @Provide
    Arbitrary<Map<String, String>> pairs() {
        Arbitrary<String> keys =
                Arbitraries.strings()
                        .withChars("abcxyz_019")
                        .ofMinLength(1)
                        .ofMaxLength(6)
                        .map(k -> "k" + k);
        // auditd writes values with blanks or quotes in hex: none here either.
        Arbitrary<String> values =
                Arbitraries.strings().withChars("abz09/:.-_,").ofMinLength(1).ofMaxLength(10);
        return Arbitraries.maps(keys, values).ofMaxSize(6);
    }
}
