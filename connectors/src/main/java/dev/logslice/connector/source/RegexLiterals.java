package dev.logslice.connector.source;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Finds literals that every match of a {@code java.util.regex} pattern contains: a set of strings
 * of which each match holds at least one. The analysis is conservative: a construct it does not
 * know for sure (back references, octal escapes, comments mode, canonical equivalence, odd class
 * syntax) gives up on the whole pattern, and a character whose case-insensitive match cannot be
 * told from bytes (non-ASCII, or an ASCII letter with a non-ASCII case partner such as {@code k}
 * and the Kelvin sign) ends a literal there. A wrong literal would lose matches; a missing one only
 * costs speed.
 */
final class RegexLiterals {
    /** At most this many strings in one set: more would slow the search below a plain scan. */
    static final int MAX_STRINGS = 8;

    /** Bounds the exact sets built while walking a sequence, before the best one is picked. */
    private static final int MAX_EXACT = 64;

    /** The strings of which every match holds one; empty when none are known. */
    private final List<String> strings;

    /** Every set found of which every match holds one, {@link #strings} first. */
    private final List<List<String>> choices;

    private final boolean foldsCase;
    private final boolean exact;

    private RegexLiterals(
            List<String> strings, List<List<String>> choices, boolean foldsCase, boolean exact) {
        this.strings = strings;
        this.choices = choices;
        this.foldsCase = foldsCase;
        this.exact = exact;
    }

    private static RegexLiterals none() {
        return new RegexLiterals(List.of(), List.of(), false, false);
    }

    /**
     * The required literals of {@code regex} compiled with {@code flags}; none when it has none or
     * cannot be analysed. The flags are the ones given to {@link Pattern#compile(String, int)}:
     * {@link Pattern#flags()} is no substitute, it shows the inline flags of the top level too.
     */
    static RegexLiterals of(String regex, int flags) {
        if ((flags & (Pattern.COMMENTS | Pattern.CANON_EQ)) != 0) {
            return none();
        }
        boolean ignoreCase = (flags & Pattern.CASE_INSENSITIVE) != 0;
        boolean unicodeCase =
                (flags & (Pattern.UNICODE_CASE | Pattern.UNICODE_CHARACTER_CLASS)) != 0;
        if ((flags & Pattern.LITERAL) != 0) {
            Walk walk = new Walk("", ignoreCase, unicodeCase);
            Info literal = walk.quoted(regex);
            return walk.result(literal);
        }
        Walk walk = new Walk(regex, ignoreCase, unicodeCase);
        try {
            Info info = walk.alternation();
            if (walk.pos != walk.regex.length()) {
                return none();
            }
            return walk.result(info);
        } catch (Unsure e) {
            return none();
        }
    }

    /** The strings of which every match contains one; empty when nothing is known. */
    List<String> strings() {
        return strings;
    }

    /**
     * Each set of strings found of which every match contains one ({@code HTTP/1} and {@code 1" 50}
     * of {@code HTTP/1.1" 50[0-9]}), {@link #strings} first: which is held least often depends on
     * the text.
     */
    List<List<String>> choices() {
        return choices;
    }

    /** Whether the strings are to be found ignoring ASCII case. */
    boolean foldsCase() {
        return foldsCase;
    }

    /**
     * Whether the regex finds a match in exactly the texts that hold one of the strings: it is an
     * alternation of ASCII literals, with no anchor or look-around, each searched with the same
     * case (sensitivity) throughout; then a line's bytes decide without decoding.
     */
    boolean matchesExactly() {
        return exact;
    }

    /**
     * What is known of the text a part of the pattern matches: either its exact set of strings, or
     * a set of which the text contains one (null: nothing known).
     */
    private record Info(Set<String> exact, Set<String> required) {
        static final Info ANY = new Info(null, null);
        static final Info EMPTY = new Info(Set.of(""), null);

        static Info exact(Set<String> strings) {
            return new Info(strings, null);
        }

        /** A set of which the text contains one, or null. */
        Set<String> asRequired() {
            return exact != null ? usable(exact) : required;
        }
    }

    /** Thrown on a construct the analysis does not know for sure. */
    private static final class Unsure extends Exception {
        private static final long serialVersionUID = 1L;

        Unsure() {
            super(null, null, false, false);
        }
    }

    private static final class Walk {
        final String regex;
        int pos;
        boolean ignoreCase;
        boolean unicodeCase;
        boolean foldedAny;

        /** Whether a letter must match in its own case. */
        boolean caseSensitiveLetter;

        /**
         * Whether a character is not ASCII: its bytes are not searched for as the regex reads it.
         */
        boolean nonAscii;

        /** Whether an anchor or a look-around took part: a match is then more than a literal. */
        boolean asserted;

        /** Groups open at {@link #pos}. */
        int depth;

        /**
         * The sets of which every match holds one, found in the regex's top-level sequence; null
         * when the top level is an alternation (a set of one branch is not every match's).
         */
        Set<Set<String>> topLevelChoices = new LinkedHashSet<>();

        Walk(String regex, boolean ignoreCase, boolean unicodeCase) {
            this.regex = regex;
            this.ignoreCase = ignoreCase;
            this.unicodeCase = unicodeCase;
        }

        RegexLiterals result(Info info) {
            Set<String> required = info.asRequired();
            if (required == null) {
                return none();
            }
            boolean exact =
                    required == info.exact
                            && !asserted
                            && !nonAscii
                            && !(foldedAny && caseSensitiveLetter);
            List<List<String>> choices = new ArrayList<>();
            choices.add(List.copyOf(required));
            if (!exact && topLevelChoices != null) {
                for (Set<String> choice : topLevelChoices) {
                    if (!choice.equals(required)) {
                        choices.add(List.copyOf(choice));
                    }
                }
            }
            return new RegexLiterals(List.copyOf(required), List.copyOf(choices), foldedAny, exact);
        }

        Info alternation() throws Unsure {
            List<Info> branches = new ArrayList<>();
            branches.add(sequence());
            while (pos < regex.length() && regex.charAt(pos) == '|') {
                pos++;
                branches.add(sequence());
            }
            if (branches.size() == 1) {
                return branches.get(0);
            }
            if (depth == 0) {
                topLevelChoices = null;
            }
            Set<String> exact = new LinkedHashSet<>();
            for (Info branch : branches) {
                if (branch.exact == null || !addAll(exact, branch.exact, MAX_EXACT)) {
                    exact = null;
                    break;
                }
            }
            if (exact != null) {
                return Info.exact(exact);
            }
            Set<String> required = new LinkedHashSet<>();
            for (Info branch : branches) {
                Set<String> some = branch.asRequired();
                if (some == null || !addAll(required, some, MAX_STRINGS)) {
                    return Info.ANY;
                }
            }
            return new Info(null, required);
        }

        /** A concatenation, up to {@code |}, {@code )} or the end. */
        Info sequence() throws Unsure {
            Set<String> exact = Set.of("");
            boolean allExact = true;
            Set<String> best = null;
            while (pos < regex.length()) {
                char c = regex.charAt(pos);
                if (c == '|' || c == ')') {
                    break;
                }
                Info item = quantified(atom());
                Set<String> joined = item.exact == null ? null : product(exact, item.exact);
                if (joined != null) {
                    exact = joined;
                    continue;
                }
                allExact = false;
                best = better(best, choice(usable(exact)));
                best = better(best, choice(item.asRequired()));
                exact = item.exact == null ? Set.of("") : item.exact;
            }
            if (allExact) {
                return Info.exact(exact);
            }
            return new Info(null, better(best, choice(usable(exact))));
        }

        /** A set every match of the sequence holds one of, noted if the sequence is the regex's. */
        private Set<String> choice(Set<String> required) {
            if (required != null && depth == 0 && topLevelChoices != null) {
                topLevelChoices.add(required);
            }
            return required;
        }

        private Info atom() throws Unsure {
            char c = regex.charAt(pos++);
            switch (c) {
                case '(':
                    return group();
                case '[':
                    skipClass();
                    return Info.ANY;
                case '.':
                    return Info.ANY;
                case '^':
                case '$':
                    asserted = true;
                    return Info.EMPTY;
                case '\\':
                    return escape();
                case '*':
                case '+':
                case '?':
                case '{':
                    throw new Unsure(); // a dangling quantifier: not valid where it stands
                default:
                    if (Character.isHighSurrogate(c)) {
                        if (pos < regex.length() && Character.isLowSurrogate(regex.charAt(pos))) {
                            pos++;
                            return character(Character.toCodePoint(c, regex.charAt(pos - 1)));
                        }
                        return Info.ANY;
                    }
                    return character(c);
            }
        }

        private Info character(int codePoint) {
            if (Character.isSurrogate((char) codePoint) && codePoint < 0x10000
                    || codePoint == 0xFFFD) {
                // U+FFFD also stands for malformed bytes in the decoded line: not in the bytes.
                return Info.ANY;
            }
            if (!ignoreCase) {
                nonAscii |= codePoint >= 0x80;
                caseSensitiveLetter |=
                        Character.toLowerCase(codePoint) != Character.toUpperCase(codePoint);
                return Info.exact(Set.of(new String(Character.toChars(codePoint))));
            }
            if (codePoint >= 0x80 || unicodeCase && UnicodeCasePartners.OF[codePoint]) {
                return Info.ANY;
            }
            char lower = Character.toLowerCase((char) codePoint);
            if (lower != Character.toUpperCase((char) codePoint)) {
                foldedAny = true;
            }
            return Info.exact(Set.of(String.valueOf(lower)));
        }

        /** After {@code (}. */
        private Info group() throws Unsure {
            boolean savedIgnoreCase = ignoreCase;
            boolean savedUnicodeCase = unicodeCase;
            boolean lookaround = false;
            if (regex.startsWith("?", pos)) {
                pos++;
                if (regex.startsWith(":", pos) || regex.startsWith(">", pos)) {
                    pos++;
                } else if (regex.startsWith("=", pos)
                        || regex.startsWith("!", pos)
                        || regex.startsWith("<=", pos)
                        || regex.startsWith("<!", pos)) {
                    pos += regex.charAt(pos) == '<' ? 2 : 1;
                    lookaround = true;
                } else if (regex.startsWith("<", pos)) {
                    int close = regex.indexOf('>', pos);
                    if (close < 0) {
                        throw new Unsure();
                    }
                    pos = close + 1;
                } else if (flags()) {
                    // "(?i)": the flags hold to the end of the enclosing group, across its '|'.
                    return Info.EMPTY;
                }
            }
            depth++;
            Info inner = alternation();
            depth--;
            if (pos >= regex.length() || regex.charAt(pos) != ')') {
                throw new Unsure();
            }
            pos++;
            ignoreCase = savedIgnoreCase;
            unicodeCase = savedUnicodeCase;
            asserted |= lookaround;
            return lookaround ? Info.EMPTY : inner;
        }

        /**
         * Reads inline flags after {@code (?}: true for {@code (?flags)}, which sets them for the
         * rest of the group; false for {@code (?flags:}, positioned after the colon.
         */
        private boolean flags() throws Unsure {
            boolean on = true;
            while (pos < regex.length()) {
                char c = regex.charAt(pos++);
                switch (c) {
                    case '-':
                        on = false;
                        break;
                    case 'i':
                        ignoreCase = on;
                        break;
                    case 'u':
                    case 'U':
                        unicodeCase = on || unicodeCase && c == 'U';
                        if (!on) {
                            throw new Unsure(); // what turning them off leaves is subtle
                        }
                        break;
                    case 'm':
                    case 's':
                    case 'd':
                        break;
                    case ')':
                        return true;
                    case ':':
                        return false;
                    default:
                        throw new Unsure(); // 'x' (comments) changes what the text means
                }
            }
            throw new Unsure();
        }

        private Info escape() throws Unsure {
            if (pos >= regex.length()) {
                throw new Unsure();
            }
            char c = regex.charAt(pos++);
            switch (c) {
                case 't':
                    return character('\t');
                case 'n':
                    return character('\n');
                case 'r':
                    return character('\r');
                case 'f':
                    return character('\f');
                case 'a':
                    return character('\u0007');
                case 'e':
                    return character('\u001B');
                case 'x':
                    return character(hexEscape());
                case 'u':
                    return character(hex(4));
                case 'Q':
                    return quotedUntilEnd();
                case 'd':
                case 'D':
                case 's':
                case 'S':
                case 'w':
                case 'W':
                case 'h':
                case 'H':
                case 'v':
                case 'V':
                case 'R':
                case 'X':
                    return Info.ANY;
                case 'A':
                case 'G':
                case 'Z':
                case 'z':
                case 'B':
                    asserted = true;
                    return Info.EMPTY;
                case 'b':
                    if (regex.startsWith("{", pos)) {
                        throw new Unsure();
                    }
                    asserted = true;
                    return Info.EMPTY;
                case 'p':
                case 'P':
                    if (regex.startsWith("{", pos)) {
                        int close = regex.indexOf('}', pos);
                        if (close < 0) {
                            throw new Unsure();
                        }
                        pos = close + 1;
                    } else {
                        pos++;
                    }
                    return Info.ANY;
                default:
                    if (c < 0x80 && !Character.isLetterOrDigit(c)) {
                        return character(c);
                    }
                    throw new Unsure(); // back references, octal, control and named characters
            }
        }

        private int hexEscape() throws Unsure {
            if (!regex.startsWith("{", pos)) {
                return hex(2);
            }
            int close = regex.indexOf('}', pos);
            if (close < 0 || close - pos > 7) {
                throw new Unsure();
            }
            try {
                int codePoint = Integer.parseInt(regex.substring(pos + 1, close), 16);
                pos = close + 1;
                return codePoint;
            } catch (NumberFormatException e) {
                throw new Unsure();
            }
        }

        private int hex(int digits) throws Unsure {
            if (pos + digits > regex.length()) {
                throw new Unsure();
            }
            int value = 0;
            for (int i = 0; i < digits; i++) {
                int digit = Character.digit(regex.charAt(pos++), 16);
                if (digit < 0) {
                    throw new Unsure();
                }
                value = value * 16 + digit;
            }
            return value;
        }

        /** After {@code \Q}: literal up to {@code \E} or the end. */
        private Info quotedUntilEnd() {
            int end = regex.indexOf("\\E", pos);
            String text = regex.substring(pos, end < 0 ? regex.length() : end);
            pos = end < 0 ? regex.length() : end + 2;
            return quoted(text);
        }

        /** A literal text, as a sequence of characters. */
        Info quoted(String text) {
            Set<String> exact = Set.of("");
            Set<String> best = null;
            boolean allExact = true;
            for (int i = 0; i < text.length(); ) {
                int codePoint = text.codePointAt(i);
                i += Character.charCount(codePoint);
                Info item = character(codePoint);
                if (item.exact != null) {
                    exact = product(exact, item.exact);
                } else {
                    allExact = false;
                    best = better(best, usable(exact));
                    exact = Set.of("");
                }
            }
            return allExact ? Info.exact(exact) : new Info(null, better(best, usable(exact)));
        }

        /**
         * Skips a character class after its {@code [}, nested classes included; gives up on the
         * forms whose extent is subtle (a {@code ]} first, quoting inside).
         */
        private void skipClass() throws Unsure {
            int depth = 1;
            if (regex.startsWith("^", pos)) {
                pos++;
            }
            if (regex.startsWith("]", pos)) {
                throw new Unsure();
            }
            while (pos < regex.length()) {
                char c = regex.charAt(pos++);
                if (c == '\\') {
                    if (pos >= regex.length() || regex.charAt(pos) == 'Q') {
                        throw new Unsure();
                    }
                    pos++;
                } else if (c == '[') {
                    depth++;
                    if (regex.startsWith("^", pos)) {
                        pos++;
                    }
                    if (regex.startsWith("]", pos)) {
                        throw new Unsure();
                    }
                } else if (c == ']' && --depth == 0) {
                    return;
                }
            }
            throw new Unsure();
        }

        /** Applies a quantifier after an atom, if one follows. */
        private Info quantified(Info atom) throws Unsure {
            if (pos >= regex.length()) {
                return atom;
            }
            char c = regex.charAt(pos);
            int min;
            boolean optionalOnly = false;
            switch (c) {
                case '*':
                    pos++;
                    min = 0;
                    break;
                case '+':
                    pos++;
                    min = 1;
                    break;
                case '?':
                    pos++;
                    min = 0;
                    optionalOnly = true;
                    break;
                case '{':
                    min = repetition();
                    break;
                default:
                    return atom;
            }
            if (pos < regex.length() && (regex.charAt(pos) == '?' || regex.charAt(pos) == '+')) {
                pos++; // lazy or possessive: the same texts match
            }
            if (pos < regex.length() && "*+?{".indexOf(regex.charAt(pos)) >= 0) {
                throw new Unsure();
            }
            if (optionalOnly && atom.exact != null && atom.exact.size() < MAX_EXACT) {
                Set<String> withEmpty = new LinkedHashSet<>(atom.exact);
                withEmpty.add("");
                return Info.exact(withEmpty);
            }
            if (min == 0) {
                return Info.ANY;
            }
            Set<String> some = atom.asRequired();
            return some == null ? Info.ANY : new Info(null, some);
        }

        /** Reads {@code {n}}, {@code {n,}} or {@code {n,m}}; returns n. */
        private int repetition() throws Unsure {
            int close = regex.indexOf('}', pos);
            if (close < 0) {
                throw new Unsure();
            }
            String body = regex.substring(pos + 1, close);
            int comma = body.indexOf(',');
            String min = comma < 0 ? body : body.substring(0, comma);
            if (min.isEmpty() || !min.chars().allMatch(Character::isDigit) || min.length() > 9) {
                throw new Unsure();
            }
            pos = close + 1;
            return Integer.parseInt(min);
        }
    }

    /** Every string of {@code a} followed by every string of {@code b}; null when too many. */
    private static Set<String> product(Set<String> a, Set<String> b) {
        if ((long) a.size() * b.size() > MAX_EXACT) {
            return null;
        }
        Set<String> joined = new LinkedHashSet<>();
        for (String first : a) {
            for (String second : b) {
                joined.add(first + second);
            }
        }
        return joined;
    }

    private static boolean addAll(Set<String> into, Set<String> more, int max) {
        into.addAll(more);
        return into.size() <= max;
    }

    /** The set if it can be searched for (small, no empty string), else null. */
    private static Set<String> usable(Set<String> strings) {
        if (strings == null || strings.isEmpty() || strings.size() > MAX_STRINGS) {
            return null;
        }
        for (String s : strings) {
            if (s.isEmpty()) {
                return null;
            }
        }
        return strings;
    }

    /** The set that narrows the search more: longer shortest string, then fewer strings. */
    private static Set<String> better(Set<String> a, Set<String> b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        int shortestA = shortest(a);
        int shortestB = shortest(b);
        if (shortestA != shortestB) {
            return shortestA > shortestB ? a : b;
        }
        return b.size() < a.size() ? b : a;
    }

    private static int shortest(Set<String> strings) {
        int min = Integer.MAX_VALUE;
        for (String s : strings) {
            min = Math.min(min, s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        }
        return min;
    }

    /**
     * ASCII letters that, case-insensitively with Unicode case, match a non-ASCII character: in a
     * class of its own, as finding them walks every code point (milliseconds of each grep's start)
     * and only a pattern with {@code (?iu)} needs them.
     */
    private static final class UnicodeCasePartners {
        static final boolean[] OF = find();

        private static boolean[] find() {
            // Java's Unicode-case matching compares toLowerCase(toUpperCase(c)) of both characters.
            boolean[] partners = new boolean[128];
            for (int c = 0x80; c <= Character.MAX_CODE_POINT; c++) {
                int folded = Character.toLowerCase(Character.toUpperCase(c));
                if (folded < 0x80) {
                    partners[folded] = true;
                    partners[Character.toUpperCase(folded)] = true;
                }
            }
            return partners;
        }
    }
}
