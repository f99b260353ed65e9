package dev.logslice.format.preset;

import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.testing.Parsing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.logslice.format.preset.ServerLogPresetsTest.detected;
import static dev.logslice.format.preset.ServerLogPresetsTest.detectedAndRead;
import static dev.logslice.format.preset.ServerLogPresetsTest.format;
import static dev.logslice.format.preset.ServerLogPresetsTest.read;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fedora's and RHEL's dnf logs: the kubectl fallback read them as a time and a message, the level
 * in the message and the lines of a transaction table malformed.
 */
class DnfLogTest {
    private static final String DNF_LOG =
            "2026-12-07T06:12:01+0000 INFO --- logging initialized ---\n"
                    + "2026-12-07T06:12:01+0000 DDEBUG Command: dnf install -y 'my [odd] pkg'  \n"
                    + "2026-12-07T06:12:02+0000 DEBUG --> Starting dependency resolution\n"
                    + "2026-12-07T06:12:02+0000 INFO Dependencies resolved.\n"
                    + "2026-12-07T06:12:02+0000 INFO"
                    + " ================================================================\n"
                    + " Package        Architecture     Version          Repository     Size\n"
                    + "================================================================\n"
                    + "Installing:\n"
                    + " htop           x86_64           3.2.1-1.fc37     fedora        170 k\n"
                    + "Installing weak dependencies:\n"
                    + " lm_sensors-libs x86_64          3.6.0-12.fc37    fedora         41 k\n"
                    + "\n"
                    + "Transaction Summary\n"
                    + "================================================================\n"
                    + "Install  2 Packages\n"
                    + "\n"
                    + "2026-12-07T06:12:03+0000 WARNING Failed determining last makecache time.\n"
                    + "2026-12-07T06:12:03+0000 CRITICAL Error: Transaction test error:\n"
                    + "  file /usr/bin/x conflicts between attempted installs of a-1 and b-2\n"
                    + "2026-12-07T06:12:04+0000 SUBDEBUG Installed: htop-3.2.1-1.fc37.x86_64\n"
                    + "2026-12-07T06:12:05Z [4242] INFO --- DNF5 launched with arguments ---";

    @Test
    void levelsMessagesAndTransactionTables() throws Exception {
        List<LogEvent> events = detectedAndRead("dnf", DNF_LOG);

        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly(
                        "INFO",
                        "DDEBUG",
                        "DEBUG",
                        "INFO",
                        "INFO",
                        "WARNING",
                        "CRITICAL",
                        "SUBDEBUG",
                        "INFO");
        assertThat(events.get(1).message()).isEqualTo("Command: dnf install -y 'my [odd] pkg'  ");
        LogEvent table = events.get(4);
        assertThat(table.lineCount()).isEqualTo(12);
        assertThat(table.message()).contains("Installing:\n htop").endsWith("Install  2 Packages");
        assertThat(events.get(6).lineCount()).isEqualTo(2);
        assertThat(events.get(8).pid()).isEqualTo(4242);
        assertThat(events.get(8).timestampText()).isEqualTo("2026-12-07T06:12:05Z");
    }

    @Test
    void hawkeyAndRpmLogsAreDnfs() throws Exception {
        assertThat(
                        detected(
                                "2026-12-07T06:12:01+0000 INFO === Started libdnf-0.69.0 ===\n"
                                        + "2026-12-07T06:12:01+0000 DEBUG fedora: using metadata"
                                        + " from Mon 04 Dec 2026 01:14:25 AM UTC.\n"))
                .isEqualTo("dnf");
        assertThat(
                        detected(
                                "2026-12-07T06:12:03+0000 SUBDEBUG Upgrade: kernel-6.5.6.x86_64\r\n"
                                        + "2026-12-07T06:12:04+0000 SUBDEBUG Upgraded:"
                                        + " kernel-6.5.5.x86_64\r\n"))
                .isEqualTo("dnf");
    }

    /** A line of another shape inside a table, or a level dnf never writes, is malformed. */
    @Test
    void linesOfOtherShapesAreMalformed() {
        List<ParseResult> results =
                read(
                        "dnf",
                        "2026-12-07T06:12:01+0000 INFO Dependencies resolved.\n"
                                + "some text \u00ff\u00fe that is no table line\n"
                                + "2026-12-07T06:12:01+0000 NOTE not a dnf level\n"
                                + "2026-12-07T06:12:02+0000 INFO table cut at the file's end:\n"
                                + "Transaction Summary\n"
                                + "=====");

        assertThat(results)
                .extracting(r -> r instanceof MalformedLine)
                .containsExactly(false, true, true, false);
        assertThat(((LogEvent) results.get(3)).lineCount()).isEqualTo(3);
    }

    /** Any level and message dnf writes comes back as written. */
    @Property(tries = 200)
    void anyEventRoundTrips(@ForAll("levels") String level, @ForAll("messages") String message) {
        LogEvent event =
                Parsing.event(format("dnf"), "2026-12-07T06:12:01+0000 " + level + " " + message);

        assertThat(event.level()).isEqualTo(level);
        assertThat(event.message()).isEqualTo(message);
        assertThat(event.timestampText()).isEqualTo("2026-12-07T06:12:01Z");
    }

    @Provide
    Arbitrary<String> levels() {
        return Arbitraries.of(
                "CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG", "DDEBUG", "SUBDEBUG", "TRACE");
    }

    @Provide
    Arbitrary<String> messages() {
        return Arbitraries.strings()
                .ofMinLength(1)
                .ofMaxLength(300)
                .excludeChars('\n', '\r')
                .filter(m -> !m.isBlank() && m.charAt(0) != ' ');
    }
}
