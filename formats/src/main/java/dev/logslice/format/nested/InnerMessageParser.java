package dev.logslice.format.nested;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;

import javax.annotation.Nullable;

import java.util.List;

/**
 * Reads the messages of one file of a nested format with the inner format that fits them. The
 * format that read the last message is tried first; the others only until {@value #MAX_UNREAD}
 * messages fitted none, so a program that writes plain text costs one failed try per line, not one
 * per format.
 */
final class InnerMessageParser {
    static final int MAX_UNREAD = 100;

    private final List<LogFormat> formats;
    private final ParserContext context;

    /**
     * Each made when a message first reaches it: detection makes a nested format's parser for every
     * file it samples, whose outer lines mostly fit no container's, and making a hundred inner
     * parsers there was a fifth of a detection.
     */
    private final LogParser[] parsers;

    private int preferred = -1;
    private int unreadLeft = MAX_UNREAD;

    InnerMessageParser(List<LogFormat> formats, ParserContext context) {
        this.formats = formats;
        this.context = context;
        parsers = new LogParser[formats.size()];
    }

    /** The event of a message, or null when no inner format reads it. */
    @Nullable
    LogEvent parse(byte[] b, int start, int length, String file, long offset) {
        if (preferred >= 0) {
            LogEvent event = parser(preferred).tryParse(b, start, length, file, offset);
            if (event != null) {
                return event;
            }
        }
        if (unreadLeft == 0) {
            return null;
        }
        for (int i = 0; i < parsers.length; i++) {
            if (i != preferred) {
                LogEvent event = parser(i).tryParse(b, start, length, file, offset);
                if (event != null) {
                    preferred = i;
                    return event;
                }
            }
        }
        unreadLeft--;
        return null;
    }

    private LogParser parser(int index) {
        if (parsers[index] == null) {
            parsers[index] = formats.get(index).newParser(context);
        }
        return parsers[index];
    }

    /** The name of the format that read the last message {@link #parse} returned an event of. */
    String formatName() {
        return formats.get(preferred).name();
    }
}
