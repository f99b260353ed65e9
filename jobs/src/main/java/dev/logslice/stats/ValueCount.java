package dev.logslice.stats;

/** One row of a top-N panel: a value and how often it was seen (exact or estimated). */
public record ValueCount(String value, long count) {}
