package dev.logslice.stats;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Which request paths are static files (styles, scripts, images, fonts...) rather than pages: those
 * whose last segment ends in one of a set of extensions, compared without case. Matched on the
 * path's bytes, with no {@code String} per line.
 */
public final class StaticFiles implements Serializable {
    private static final long serialVersionUID = 1L;

    /** GoAccess's static files, less those that are mostly pages or downloads of their own. */
    public static final List<String> DEFAULT_EXTENSIONS =
            List.of(
                    "css", "js", "mjs", "map", "jpg", "jpeg", "png", "gif", "ico", "svg", "webp",
                    "avif", "bmp", "woff", "woff2", "ttf", "otf", "eot", "mp3", "mp4", "webm",
                    "ogg", "wav", "flv", "swf", "txt", "xml", "json", "pdf", "csv", "zip", "gz");

    /** Longest extension kept; one of up to 8 ASCII bytes packs into a long. */
    private static final int MAX_EXTENSION = 8;

    /** The extensions, each packed lower-case into a long ({@link #pack}), sorted. */
    private final long[] packed;

    private StaticFiles(long[] packed) {
        this.packed = packed;
    }

    /**
     * The matcher for these extensions (without the dot); a clear error for one that is empty,
     * longer than 8 characters or not letters and digits.
     */
    public static StaticFiles of(List<String> extensions) {
        long[] packed = new long[extensions.size()];
        for (int i = 0; i < packed.length; i++) {
            String extension = extensions.get(i).strip().toLowerCase(Locale.ROOT);
            if (extension.startsWith(".")) {
                extension = extension.substring(1);
            }
            if (extension.isEmpty()
                    || extension.length() > MAX_EXTENSION
                    || !extension.chars().allMatch(c -> c < 128 && Character.isLetterOrDigit(c))) {
                throw new IllegalArgumentException(
                        "static extension '"
                                + extensions.get(i)
                                + "' must be 1 to 8 letters or digits (such as css or woff2)");
            }
            byte[] bytes = extension.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            packed[i] = pack(bytes, 0, bytes.length);
        }
        Arrays.sort(packed);
        return new StaticFiles(packed);
    }

    /** Whether the path {@code b[start, end)} (no query) is a static file. */
    public boolean matches(byte[] b, int start, int end) {
        for (int i = end - 1; i >= start && end - i <= MAX_EXTENSION + 1; i--) {
            byte c = b[i];
            if (c == '.') {
                return i + 1 < end && Arrays.binarySearch(packed, pack(b, i + 1, end)) >= 0;
            }
            if (c == '/') {
                return false;
            }
        }
        return false;
    }

    /** Lower-cased ASCII bytes in a long: the same for "PNG" and "png", unique per extension. */
    private static long pack(byte[] b, int start, int end) {
        long packed = 0;
        for (int i = start; i < end; i++) {
            byte c = b[i];
            packed = packed << 8 | ((c >= 'A' && c <= 'Z') ? c + 32 : c & 0xff);
        }
        return packed;
    }
}
