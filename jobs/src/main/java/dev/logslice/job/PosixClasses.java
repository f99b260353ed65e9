package dev.logslice.job;

import java.util.Map;
import java.util.TreeSet;

/**
 * POSIX character classes in a grep regex ({@code [[:digit:]]}, as GNU grep takes them) turned into
 * Java's ({@code [\p{Digit}]}). Java reads {@code [[:digit:]]} as a class of the characters {@code
 * :digt}, so a pattern written for grep would match other lines and say nothing.
 */
final class PosixClasses {
    private static final Map<String, String> JAVA_NAMES =
            Map.ofEntries(
                    Map.entry("alpha", "Alpha"),
                    Map.entry("digit", "Digit"),
                    Map.entry("alnum", "Alnum"),
                    Map.entry("upper", "Upper"),
                    Map.entry("lower", "Lower"),
                    Map.entry("space", "Space"),
                    Map.entry("blank", "Blank"),
                    Map.entry("punct", "Punct"),
                    Map.entry("print", "Print"),
                    Map.entry("graph", "Graph"),
                    Map.entry("cntrl", "Cntrl"),
                    Map.entry("xdigit", "XDigit"));

    private PosixClasses() {}

    /**
     * {@code regex} with each {@code [:name:]} inside a bracket expression as {@code \p{Name}};
     * escapes and {@code \Q...\E} quotes are left as they are.
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
                String javaName = JAVA_NAMES.get(name);
                if (javaName == null) {
                    throw new IllegalArgumentException(
                            "unknown character class [:"
                                    + name
                                    + ":] (POSIX has "
                                    + String.join(", ", new TreeSet<>(JAVA_NAMES.keySet()))
                                    + ")");
                }
                java.append("\\p{").append(javaName).append('}');
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
