package dev.logslice.job;

import java.util.Map;
import java.util.TreeSet;

/**
 * POSIX character classes in a grep regex ({@code [[:digit:]]}, as GNU grep takes them) turned into
 * Java's. Java reads {@code [[:digit:]]} as a class of the characters {@code :digt}, so a pattern
 * written for grep would match other lines and say nothing. Each class holds what it holds to GNU
 * grep in a UTF-8 locale (glibc's {@code C.UTF-8}): {@code [[:alpha:]]} takes {@code é}, {@code Σ}
 * and {@code 東}, {@code [[:space:]]} the Unicode spaces but no-break ones; {@code [[:digit:]]} and
 * {@code [[:xdigit:]]} stay ASCII, as there. Java's own {@code \p{Alpha}} is ASCII only.
 */
final class PosixClasses {
    /** The spaces beyond ASCII's that glibc counts as blanks (no-break spaces are not). */
    private static final String UNICODE_BLANKS =
            "\\x{1680}\\x{2000}-\\x{2006}\\x{2008}-\\x{200A}\\x{205F}\\x{3000}";

    /** glibc's alpha: letters and other alphabetics, and the decimal digits of other scripts. */
    private static final String ALPHA = "\\p{IsAlphabetic}[\\p{Nd}&&[^0-9]]";

    /** What is no control, surrogate, unassigned code point or space: visible. */
    private static final String GRAPH =
            "[^\\p{Cc}\\p{Cn}\\p{Cs}\\x{2028}\\x{2029}\\s" + UNICODE_BLANKS + "]";

    /** Each class as what it stands for inside a Java bracket expression. */
    private static final Map<String, String> JAVA_CLASSES =
            Map.ofEntries(
                    Map.entry("alpha", ALPHA),
                    Map.entry("digit", "0-9"),
                    Map.entry("alnum", ALPHA + "0-9"),
                    // Titlecase letters (Dž) are upper, and the four Latin ones lower too.
                    Map.entry("upper", "\\p{IsUppercase}\\p{Lt}"),
                    Map.entry("lower", "\\p{IsLowercase}\\x{01C5}\\x{01C8}\\x{01CB}\\x{01F2}"),
                    Map.entry("space", "\\s\\x{2028}\\x{2029}" + UNICODE_BLANKS),
                    Map.entry("blank", " \\t" + UNICODE_BLANKS),
                    Map.entry("punct", "[" + GRAPH + "&&[^" + ALPHA + "0-9]]"),
                    Map.entry("print", GRAPH + " " + UNICODE_BLANKS),
                    Map.entry("graph", GRAPH),
                    Map.entry("cntrl", "\\p{Cc}\\x{2028}\\x{2029}"),
                    Map.entry("xdigit", "0-9A-Fa-f"));

    private PosixClasses() {}

    /**
     * {@code regex} with each {@code [:name:]} inside a bracket expression as the Java class of its
     * characters; escapes and {@code \Q...\E} quotes are left as they are.
     *
     * @throws IllegalArgumentException for a class name POSIX does not have
     */
    static String toJava(String regex) {
        if (!regex.contains("[:")) {
            return regex;
        }
        StringBuilder java = new StringBuilder(regex.length() + 8);
        int depth = 0;
        int i = 0;
        while (i < regex.length()) {
            char c = regex.charAt(i);
            if (c == '\\' && regex.startsWith("\\Q", i)) {
                int end = regex.indexOf("\\E", i + 2);
                int next = end < 0 ? regex.length() : end + 2;
                java.append(regex, i, next);
                i = next;
            } else if (c == '\\') {
                int next = Math.min(i + 2, regex.length());
                java.append(regex, i, next);
                i = next;
            } else if (depth > 0 && regex.startsWith("[:", i)) {
                int end = regex.indexOf(":]", i + 2);
                if (end < 0) {
                    java.append(c);
                    i++;
                    continue;
                }
                String name = regex.substring(i + 2, end);
                String javaClass = JAVA_CLASSES.get(name);
                if (javaClass == null) {
                    throw new IllegalArgumentException(
                            "unknown character class [:"
                                    + name
                                    + ":] (POSIX has "
                                    + String.join(", ", new TreeSet<>(JAVA_CLASSES.keySet()))
                                    + ")");
                }
                java.append(javaClass);
                i = end + 2;
            } else {
                if (c == '[') {
                    depth++;
                } else if (c == ']' && depth > 0) {
                    depth--;
                }
                java.append(c);
                i++;
            }
        }
        return java.toString();
    }
}
