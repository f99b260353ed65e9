package dev.logslice.format.detect;

/**
 * An input file that is no log of a known format, left out of the run.
 *
 * @param file the file's name as the source gives it
 * @param reason a few words: {@code binary}, {@code no known format}, {@code ambiguous format}
 * @param bytes its size
 * @param message what detection said of it, with what to do
 */
public record SkippedInput(String file, String reason, long bytes, String message) {}
