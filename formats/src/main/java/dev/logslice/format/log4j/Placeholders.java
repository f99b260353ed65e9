package dev.logslice.format.log4j;

/**
 * Resolves the {@code ${NAME:-default}} placeholders of Spring Boot and Log4j configurations to
 * their defaults, so their patterns can be pasted as they are; a process id placeholder ({@code
 * ${PID}}, {@code ${sys:PID}}) becomes {@code %pid}.
 */
final class Placeholders {
    private Placeholders() {}

    static String resolve(String pattern) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < pattern.length()) {
            if (pattern.startsWith("${", i)) {
                int close = Brackets.close(pattern, i + 1, '{', '}', pattern);
                out.append(value(pattern.substring(i + 2, close)));
                i = close + 1;
            } else {
                out.append(pattern.charAt(i++));
            }
        }
        return out.toString();
    }

    private static String value(String placeholder) {
        int separator = placeholder.indexOf(":-");
        String name = separator < 0 ? placeholder : placeholder.substring(0, separator);
        if (name.equals("PID") || name.endsWith(":PID")) {
            return "%pid";
        }
        return separator < 0 ? "" : resolve(placeholder.substring(separator + 2));
    }
}
