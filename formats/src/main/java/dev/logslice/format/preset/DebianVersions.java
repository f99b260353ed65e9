package dev.logslice.format.preset;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.LogEvent;
import dev.logslice.format.layout.EventCheck;

/**
 * Admits dpkg.log's lines whose versions are versions: Debian's start with a digit (after an
 * epoch's too), and dpkg writes {@code <none>} where there is none. Without it, the words after a
 * time ("INFO Main:42 - Started") were an action, a package and two versions.
 */
final class DebianVersions implements EventCheck {
    private static final long serialVersionUID = 1L;

    @Override
    public boolean admits(LogEvent event, ByteSpan scratch) {
        return isVersion(event.extra().get("version"))
                && isVersion(event.extra().get("newVersion"));
    }

    private static boolean isVersion(Object value) {
        if (value == null) {
            // Absent from the layout, or "-"
            return true;
        }
        String text = value.toString();
        return text.equals("<none>") || (!text.isEmpty() && Character.isDigit(text.charAt(0)));
    }

    @Override
    public String refusal() {
        return "a version is neither <none> nor starts with a digit";
    }
}
