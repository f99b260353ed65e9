package dev.logslice.format.regex;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.time.TimestampPattern;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Lines described by a Java regex with named groups: a group named as an event field ({@code
 * timestamp}, {@code status}, {@code userAgent}) fills it, {@code request} is split into method,
 * path and protocol, and other groups go to {@code extra}. The {@code timestamp} group is read in
 * the layout of {@code --time-format} when one is given, else as any common timestamp.
 */
public final class RegexFormat implements LogFormat {
    private static final long serialVersionUID = 1L;
    private static final Pattern GROUP_NAME = Pattern.compile("\\(\\?<([a-zA-Z][a-zA-Z0-9]*)>");

    private final Pattern pattern;
    private final List<String> groups;
    @Nullable private final TimestampPattern timeFormat;

    public RegexFormat(String regex) {
        this(regex, null);
    }

    /**
     * @param timeFormat the layout of the {@code timestamp} group ({@link
     *     TimestampPattern#ofTimeFormat}), or null to accept the common ones
     */
    public RegexFormat(String regex, @Nullable String timeFormat) {
        try {
            this.pattern = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            // Its message is the pattern under the reason, with a caret line: not one line.
            throw new IllegalArgumentException(
                    "invalid regex '" + regex + "': " + e.getDescription(), e);
        }
        List<String> names = new ArrayList<>();
        Matcher matcher = GROUP_NAME.matcher(regex);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        if (names.isEmpty()) {
            throw new IllegalArgumentException(
                    "the regex has no named group like (?<status>\\d+): " + regex);
        }
        this.groups = List.copyOf(names);
        this.timeFormat = timeFormat == null ? null : TimestampPattern.ofTimeFormat(timeFormat);
    }

    @Override
    public String name() {
        return "regex";
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new RegexParser(pattern, groups, timeFormat, context);
    }
}
