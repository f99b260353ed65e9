package dev.logslice.format.detect;

import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Groups the files that one log is rotated into ({@code syslog}, {@code syslog.1}, {@code
 * syslog.2.gz}, {@code access-20240115.log}) or split into ({@code part-00001}): same folder, same
 * name once compression, numbers after a separator (rotations, dates) are left out and other digit
 * runs stand for any.
 */
final class FileGroups {
    private static final Pattern COMPRESSION = Pattern.compile("\\.(gz|zst|bz2|xz|deflate)$");
    private static final Pattern NUMBER_AFTER_SEPARATOR = Pattern.compile("[-_.]\\d+");
    private static final Pattern DIGITS = Pattern.compile("\\d+");

    private FileGroups() {}

    static String key(Path file) {
        String name = file.getFileName().toString();
        name = COMPRESSION.matcher(name).replaceFirst("");
        name = NUMBER_AFTER_SEPARATOR.matcher(name).replaceAll("");
        name = DIGITS.matcher(name).replaceAll("#");
        Path folder = file.getParent();
        return (folder == null ? "" : folder + "/") + name;
    }
}
