package dev.logslice.format.preset;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.layout.EventCheck;

/**
 * Names the level of an X server's line from the marker that starts its message: {@code (EE)}
 * error, {@code (WW)} warning, {@code (NI)} (not implemented) warning, {@code (!!)} notice, {@code
 * (II)} info, {@code (--)}, {@code (**)}, {@code (==)} and {@code (++)} (probed, from the
 * configuration file, a default, from the command line) config, {@code (??)} unknown. The marker
 * stays in the message: so a line without one reads as the kernel's ring buffer reads it, and a
 * dmesg file stays the kernel's.
 */
final class XorgMarkers implements EventCheck {
    private static final long serialVersionUID = 1L;

    private static final String MARKERS = "EEWWNI!!II--**==++??";
    private static final String[] LEVELS = {
        "error", "warning", "warning", "notice", "info", "config", "config", "config", "config",
        "unknown"
    };

    @Override
    public boolean admits(LogEvent event, ByteSpan message) {
        if (!event.span(Field.MESSAGE, message) || message.length() < 4) {
            return true;
        }
        byte[] b = message.bytes();
        int s = message.start();
        if (b[s] != '(' || b[s + 3] != ')' || (message.length() > 4 && b[s + 4] != ' ')) {
            return true;
        }
        for (int i = 0; i < MARKERS.length(); i += 2) {
            if (b[s + 1] == MARKERS.charAt(i) && b[s + 2] == MARKERS.charAt(i + 1)) {
                event.setString(Field.LEVEL, LEVELS[i / 2]);
                break;
            }
        }
        return true;
    }

    @Override
    public String refusal() {
        return "no line is refused for its marker";
    }
}
