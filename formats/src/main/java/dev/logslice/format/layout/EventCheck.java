package dev.logslice.format.layout;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.LogEvent;

import java.io.Serializable;

/**
 * Decides whether a layout's match is the format's event (a level the format writes, say); a
 * refused match lets the next layout try the line.
 */
public interface EventCheck extends Serializable {
    /**
     * Whether {@code event} is one of the format's, amending it where it must (a level's name);
     * {@code scratch} is the calling parser's own, for the check to read a field into.
     */
    boolean admits(LogEvent event, ByteSpan scratch);

    /** Why a line that only refused matches gave is not of the format. */
    String refusal();
}
