package dev.logslice.connector.source;

import dev.logslice.connector.io.LiteralSearch;

import org.apache.flink.annotation.PublicEvolving;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Literals of which every line a decoder wants holds at least one: the reader searches its buffer
 * for them and hands the decoder only the lines that hold one, still counting every line. A decoder
 * offers one through {@link LineDecoder#prefilter()}; the lines it then never sees are lines it
 * would have dropped.
 */
@PublicEvolving
public final class LinePrefilter implements Serializable {
    private static final long serialVersionUID = 1L;

    private final List<String> literals;
    private final boolean ignoreAsciiCase;
    private final boolean exact;

    /** Every set of literals of which each line wanted holds one, {@link #literals} first. */
    private final List<List<String>> choices;

    private LinePrefilter(
            List<String> literals,
            boolean ignoreAsciiCase,
            boolean exact,
            List<List<String>> choices) {
        this.literals = List.copyOf(literals);
        this.ignoreAsciiCase = ignoreAsciiCase;
        this.exact = exact;
        this.choices = List.copyOf(choices);
    }

    /**
     * The prefilter for lines in which {@code regex}, compiled with {@code flags} (as by {@link
     * Pattern#compile(String, int)}), finds a match in their content decoded as UTF-8; or null when
     * the analysis finds no literal every match holds (then every line is a candidate).
     */
    @Nullable
    public static LinePrefilter forRegex(String regex, int flags) {
        RegexLiterals found = RegexLiterals.of(regex, flags);
        List<String> strings = found.strings();
        for (String literal : strings) {
            // A line's content holds no line feed: such a literal is no use to search for.
            if (literal.indexOf('\n') >= 0) {
                return null;
            }
        }
        if (strings.isEmpty()) {
            return null;
        }
        List<List<String>> choices = new ArrayList<>();
        for (List<String> choice : found.choices()) {
            if (choice.stream().noneMatch(literal -> literal.indexOf('\n') >= 0)) {
                choices.add(choice);
            }
        }
        return new LinePrefilter(strings, found.foldsCase(), found.matchesExactly(), choices);
    }

    /**
     * Where a regex requires more than one part ({@code HTTP/1} and {@code 1" 50} of {@code
     * HTTP/1.1" 50[0-9]}), the prefilter of the part held least often in {@code bytes[from, to)}, a
     * sample of the text to search: in an access log every line holds the first. Any part is a
     * prefilter the same lines pass; this one when there is no other.
     */
    public LinePrefilter fittedTo(byte[] bytes, int from, int to) {
        if (choices.size() < 2) {
            return this;
        }
        int fewest = 0;
        long fewestFound = Long.MAX_VALUE;
        for (int i = 0; i < choices.size(); i++) {
            long found = occurrences(choices.get(i), bytes, from, to, fewestFound);
            if (found < fewestFound) {
                fewest = i;
                fewestFound = found;
            }
        }
        return fewest == 0
                ? this
                : new LinePrefilter(choices.get(fewest), ignoreAsciiCase, false, List.of());
    }

    /** Occurrences of the literals in {@code bytes[from, to)}, counted up to {@code enough}. */
    private long occurrences(List<String> strings, byte[] bytes, int from, int to, long enough) {
        long found = 0;
        for (String literal : strings) {
            LiteralSearch search =
                    new LiteralSearch(literal.getBytes(StandardCharsets.UTF_8), ignoreAsciiCase);
            for (int at = search.indexOf(bytes, from, to);
                    at >= 0 && found < enough;
                    at = search.indexOf(bytes, at + 1, to)) {
                found++;
            }
        }
        return found;
    }

    /** The sets of literals {@link #fittedTo} chooses from, {@link #literals} first. */
    List<List<String>> choices() {
        return choices;
    }

    /** The literals, as Java strings (searched for in UTF-8). */
    public List<String> literals() {
        return literals;
    }

    /**
     * Whether a line holds a literal exactly when the regex finds a match in it (the regex is an
     * alternation of ASCII literals, no anchors or look-arounds): its bytes then decide alone.
     */
    public boolean matchesExactly() {
        return exact;
    }

    /** Whether ASCII letters of the literals match either case. */
    public boolean ignoresAsciiCase() {
        return ignoreAsciiCase;
    }

    /** One search per literal, for a reader's own use (searches keep no state). */
    public LiteralSearch[] searches() {
        LiteralSearch[] searches = new LiteralSearch[literals.size()];
        for (int i = 0; i < searches.length; i++) {
            searches[i] =
                    new LiteralSearch(
                            literals.get(i).getBytes(StandardCharsets.UTF_8), ignoreAsciiCase);
        }
        return searches;
    }

    @Override
    public String toString() {
        return (ignoreAsciiCase ? "(?i)" : "") + literals;
    }
}
