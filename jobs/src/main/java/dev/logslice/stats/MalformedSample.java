package dev.logslice.stats;

/**
 * A line that did not parse, for the report.
 *
 * @param excerpt the first bytes of the line, escaped so that it is printable ASCII
 */
public record MalformedSample(String file, long offset, String excerpt, String reason) {}
