package dev.logslice.generate;

/** What {@link LogGenerator} wrote: the file's size and its number of lines. */
public record GeneratedLog(long bytes, long lines) {}
