package dev.logslice.format.preset;

import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.logslice.format.preset.ServerLogPresetsTest.detected;
import static dev.logslice.format.preset.ServerLogPresetsTest.read;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The X server's Xorg.0.log: read as the kernel's ring buffer, its markers ({@code (EE)}, {@code
 * (WW)}) were no level.
 */
class XorgLogTest {
    private static final String XORG_LOG =
            "[    20.077] \n"
                    + "X.Org X Server 1.21.1.4\n"
                    + "[    20.077] Build Operating System: Linux Fedora\n"
                    + "[    20.078] Markers: (--) probed, (**) from config file, (==) default,\n"
                    + "\t(++) from command line, (!!) notice, (II) informational,\n"
                    + "\t(WW) warning, (EE) error, (NI) not implemented, (??) unknown.\r\n"
                    + "[    20.079] (==) Log file: \"/var/log/Xorg.0.log\", Time: Mon Dec  7 2026\n"
                    + "[    20.080] (II) Loader magic: 0x55d8d5e0ffe0\n"
                    + "[    20.081] \tX.Org ANSI C Emulation: 0.4\n"
                    + "[    20.082] (WW) Falling back to old probe method for modesetting\n"
                    + "[    20.083] (EE) Failed to load module \"fb dev\" (module does not exist)\n"
                    + "[    20.084] (--) PCI:*(0@0:2:0) 8086:46a6:1028:0b19 rev 12\n"
                    + "[    20.085] (**) Option \"fd\" \"29\"\n"
                    + "[    20.086] (NI) \u00ff\u00fe\n"
                    + "[    20.087] (??)\n"
                    + "[    20.088] (XX) no marker of the server's\n"
                    + "[1234567.890] (II) event3  - Logitech USB Receiver: device removed";

    @Test
    void markersAreLevels() throws Exception {
        assertThat(detected(XORG_LOG)).isEqualTo("xorg");
        List<ParseResult> results = read("xorg", XORG_LOG);

        assertThat(results.get(1)).isInstanceOf(MalformedLine.class);
        List<LogEvent> events =
                results.stream()
                        .filter(LogEvent.class::isInstance)
                        .map(LogEvent.class::cast)
                        .toList();
        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly(
                        null, null, null, "config", "info", null, "warning", "error", "config",
                        "config", "warning", "unknown", null, "info");
        assertThat(events.get(2).lineCount()).isEqualTo(3);
        assertThat(events.get(7).message())
                .isEqualTo("(EE) Failed to load module \"fb dev\" (module does not exist)");
        assertThat(events.get(13).extra()).containsEntry("uptime", "1234567.890");
    }

    @Test
    void dmesgStaysTheKernels() throws Exception {
        assertThat(
                        detected(
                                "[    0.000000] Linux version 6.1.0-18-amd64\n"
                                        + "[    1.204551] usb 1-1: new high-speed USB device\n"))
                .isEqualTo("kernel");
    }
}
