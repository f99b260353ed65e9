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
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.logslice.format.preset.ServerLogPresetsTest.detected;
import static dev.logslice.format.preset.ServerLogPresetsTest.format;
import static dev.logslice.format.preset.ServerLogPresetsTest.read;
import static org.assertj.core.api.Assertions.assertThat;

/** macOS's {@code log show} and {@code log stream}: every line was refused as no known format. */
class MacosLogTest {
    private static final String LOG_SHOW =
            "Timestamp                       Thread     Type        Activity             PID    TTL  \n"
                    + "2026-12-07 06:12:01.123456+0000 0x1a2b     Default     0x0                  0"
                    + "      0    kernel: (AppleACPIPlatform) ACPI: sleep state S3\n"
                    + "2026-12-07 06:12:01.223456+0100 0x1a2c     Error       0x0                  456"
                    + "    0    WindowServer: [com.apple.windowserver:display] CGXDisplay failed\n"
                    + "2026-12-07 06:12:01.323456+0000 0x1a2d     Info        0x42                 789"
                    + "    14   Google Chrome Helper (Renderer): (libsystem_info.dylib) lookup: \u00ff\n"
                    + "\tsecond line of a message\n"
                    + "2026-12-07 06:12:02.000000+0000 0x1a2e     Fault       0x0                  12"
                    + "     0    launchd: [com.apple.xpc.launchd:All] exited with abnormal code: 1\n"
                    + "2026-12-07 06:12:03.000000+0000 0x1a2f     Activity    0x1f2e               99"
                    + "     0    Finder: activity named \"open\"\n"
                    + "--------------------------------------------------------------------------\n"
                    + "Log      - Default:          2, Info:                1, Debug:             0";

    @Test
    void typesProcessesAndPids() throws Exception {
        assertThat(detected(LOG_SHOW)).isEqualTo("macos");
        List<ParseResult> results = read("macos", LOG_SHOW);

        assertThat(results)
                .extracting(r -> r instanceof MalformedLine)
                .containsExactly(true, false, false, false, false, false, true, true);
        LogEvent chrome = (LogEvent) results.get(3);
        assertThat(chrome.level()).isEqualTo("info");
        assertThat(chrome.program()).isEqualTo("Google Chrome Helper (Renderer)");
        assertThat(chrome.pid()).isEqualTo(789);
        assertThat(chrome.message())
                .isEqualTo("(libsystem_info.dylib) lookup: \u00ff\n\tsecond line of a message");
        assertThat(chrome.extra()).containsEntry("threadId", "0x1a2d").containsEntry("ttl", 14L);
        LogEvent error = (LogEvent) results.get(2);
        assertThat(error.timestampText()).isEqualTo("2026-12-07T06:12:01.223456+01:00");
        assertThat(((LogEvent) results.get(1)).level()).isEqualTo("notice");
        assertThat(((LogEvent) results.get(4)).level()).isEqualTo("critical");
    }

    @Test
    void compactStyle() throws Exception {
        String compact =
                "2026-12-07 06:12:01.123 Df kernel[0:1a2b] (AppleACPIPlatform) ACPI: sleep\n"
                        + "2026-12-07 06:12:01.456 E  Google Chrome[789:2f3e] [com.google:net] x\n";
        assertThat(detected(compact)).isEqualTo("macos");
        LogEvent chrome = Parsing.event(format("macos"), compact.split("\n")[1]);

        assertThat(chrome.level()).isEqualTo("error");
        assertThat(chrome.program()).isEqualTo("Google Chrome");
        assertThat(chrome.pid()).isEqualTo(789);
        assertThat(chrome.message()).isEqualTo("[com.google:net] x");
    }

    /** Any process name, pid and message comes back as logged. */
    @Property(tries = 200)
    void anyLineRoundTrips(
            @ForAll("processes") String process,
            @ForAll @IntRange(min = 0, max = 999_999) int pid,
            @ForAll("messages") String message) {
        LogEvent event =
                Parsing.event(
                        format("macos"),
                        String.format(
                                "2026-12-07 06:12:01.123456+0000 0x1a2b     Debug       0x0      "
                                        + "            %-6d 0    %s: %s",
                                pid, process, message));

        assertThat(event.program()).isEqualTo(process);
        assertThat(event.pid()).isEqualTo(pid);
        assertThat(event.level()).isEqualTo("debug");
        assertThat(event.message()).isEqualTo(message);
    }

    /** A process name as macOS has them: blanks, parentheses, dots; no ": ". */
    @Provide
    Arbitrary<String> processes() {
        return Arbitraries.strings()
                .alpha()
                .numeric()
                .withChars(" ().-_")
                .ofMinLength(1)
                .ofMaxLength(40)
                .map(String::strip)
                .filter(p -> !p.isEmpty() && !p.equals("-"));
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
