package dev.logslice.format.layout;

import dev.logslice.format.LogEvent;

import java.io.Serializable;

/** Reads what a line holds past its layout, where the layout allows more ({@link Layout}). */
public interface TrailingFields extends Serializable {
    /** Adds to {@code event} what it knows of {@code b[start, end)}, which is not empty. */
    void read(byte[] b, int start, int end, LogEvent event);
}
