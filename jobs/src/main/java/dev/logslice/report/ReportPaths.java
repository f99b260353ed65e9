package dev.logslice.report;

/**
 * File names as reports show them: the source names local files by URI ({@code file:/var/log/x}),
 * users know them by path ({@code /var/log/x}); other file systems keep their URI.
 */
public final class ReportPaths {
    private static final String LOCAL = "file:";

    private ReportPaths() {}

    /** The plain path of a local file's source name; any other name as it is. */
    public static String plain(String sourceName) {
        if (!sourceName.startsWith(LOCAL)) {
            return sourceName;
        }
        String path = sourceName.substring(LOCAL.length());
        // file:///x and file://localhost/x are the same file as file:/x.
        if (path.startsWith("///")) {
            return path.substring(2);
        }
        return path.startsWith("//localhost/") ? path.substring("//localhost".length()) : path;
    }
}
