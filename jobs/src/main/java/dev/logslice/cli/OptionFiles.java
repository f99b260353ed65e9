package dev.logslice.cli;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Text files an option names ({@code grep -f}, {@code sql -f}), read or refused in one line. */
final class OptionFiles {
    private OptionFiles() {}

    /** The UTF-8 text of {@code file}, given with {@code option}. */
    static String text(String option, Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(option + " " + file + ": no such file");
        } catch (MalformedInputException e) {
            throw new IllegalArgumentException(option + " " + file + ": not UTF-8 text");
        } catch (IOException e) {
            throw new IllegalArgumentException(option + " " + file + ": " + e.getMessage());
        }
    }
}
