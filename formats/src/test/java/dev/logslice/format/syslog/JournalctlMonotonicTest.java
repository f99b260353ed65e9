package dev.logslice.format.syslog;

import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventBounds;
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

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code journalctl -o short-monotonic}: read as the kernel's ring buffer, its host, unit and pid
 * were part of the message.
 */
class JournalctlMonotonicTest {
    private static final FormatRegistry REGISTRY = FormatRegistry.standard();
    private final SyslogFormat syslog = new SyslogFormat();

    private static final String MONOTONIC =
            "-- Journal begins at Mon 2026-12-07 06:00:00 UTC, ends at Mon 2026-12-07 06:12:01"
                    + " UTC. --\n"
                    + "[    1.234567] web01 kernel: Linux version 6.5.6-300.fc39.x86_64\n"
                    + "[   12.345678] web01 systemd[1]: Started Session 1 of User root.\n"
                    + "[12345.678901] web01 sshd[4242]: Accepted publickey for root port 52344\n"
                    + "[12345.700000] web01 gnome-shell[17]: \u00ff\u00fe [x] y: z\r\n"
                    + "[12345.800000] web01 my app[18]: a name with a blank\n"
                    + "-- Boot 3f5a0c1e2d --\n"
                    + "[    0.000000] web01 kernel: Command line: BOOT_IMAGE=/vmlinuz";

    @Test
    void hostUnitPidAndUptime() throws Exception {
        assertThat(Parsing.detected(REGISTRY, MONOTONIC)).isEqualTo("syslog");
        assertThat(Parsing.detected(REGISTRY, MONOTONIC.substring(MONOTONIC.indexOf('['))))
                .isEqualTo("syslog");
        List<ParseResult> results = Parsing.assemble(syslog, MONOTONIC, EventBounds.DEFAULTS);

        // A unit of blanks is read no better than in syslog's other outputs: not split wrongly.
        assertThat(results)
                .extracting(r -> r instanceof MalformedLine)
                .containsExactly(false, false, false, false, false, true, false, false);
        LogEvent sshd = (LogEvent) results.get(3);
        assertThat(sshd.timestamp()).isNull();
        assertThat(sshd.extra()).containsEntry("uptime", "12345.678901");
        assertThat(sshd.host()).isEqualTo("web01");
        assertThat(sshd.program()).isEqualTo("sshd");
        assertThat(sshd.pid()).isEqualTo(4242);
        assertThat(sshd.message()).isEqualTo("Accepted publickey for root port 52344");
        assertThat(((LogEvent) results.get(1)).program()).isEqualTo("kernel");
        assertThat(((LogEvent) results.get(4)).pid()).isEqualTo(17);
        assertThat(((LogEvent) results.get(4)).message()).isEqualTo("\u00ff\u00fe [x] y: z");
    }

    /** The kernel's own lines stay the kernel's: they have no host and unit with a pid. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "[    1.204551] usb 1-1: new high-speed USB device number 2 using xhci_hcd",
                "[    0.000000] Linux version 6.1.0-18-amd64",
                "[    2.000000] systemd[1]: Inserted module 'autofs4'",
                "[ 12.5] web01 kernel:no space after the tag",
                "[12a.5] web01 sshd[1]: not an uptime",
                "[   12.5]web01 sshd[1]: no space after the bracket"
            })
    void dmesgLinesAreNoSyslogLines(String line) {
        assertThat(Parsing.result(syslog.newParser(Parsing.CONTEXT), line))
                .isInstanceOf(MalformedLine.class);
    }

    @Test
    void dmesgStaysTheKernels() throws Exception {
        assertThat(
                        Parsing.detected(
                                REGISTRY,
                                "[    1.204551] usb 1-1: new high-speed USB device\n"
                                        + "[    1.300000] usb 1-2: new full-speed USB device\n"))
                .isEqualTo("kernel");
    }

    /** Any entry comes back with its uptime, host, unit, pid and message. */
    @Property(tries = 200)
    void anyEntryRoundTrips(
            @ForAll @IntRange(min = 0, max = 99_999_999) int seconds,
            @ForAll @IntRange(min = 0, max = 999_999) int micros,
            @ForAll("words") String host,
            @ForAll("words") String unit,
            @ForAll @IntRange(min = 1) int pid,
            @ForAll("messages") String message) {
        String uptime = seconds + "." + String.format("%06d", micros);
        LogEvent event =
                Parsing.event(
                        syslog,
                        String.format("[%12s] %s %s[%d]: %s", uptime, host, unit, pid, message));

        assertThat(event.extra()).containsEntry("uptime", uptime);
        assertThat(event.host()).isEqualTo(host);
        assertThat(event.program()).isEqualTo(unit);
        assertThat(event.pid()).isEqualTo(pid);
        assertThat(event.message()).isEqualTo(message);
    }

    /** A host or unit: a letter first, as systemd's are. */
    @Provide
    Arbitrary<String> words() {
        return Arbitraries.strings()
                .withCharRange('a', 'z')
                .numeric()
                .withChars("-_.@")
                .ofMinLength(1)
                .ofMaxLength(30)
                .filter(w -> Character.isLetter(w.charAt(0)));
    }

    @Provide
    Arbitrary<String> messages() {
        return Arbitraries.strings()
                .ofMinLength(1)
                .ofMaxLength(200)
                .excludeChars('\n', '\r')
                .filter(m -> m.charAt(0) != ' ');
    }
}
