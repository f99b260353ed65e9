package dev.logslice.connector.testing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * Random regexes over the constructs grep users write and the ones a literal analysis can get wrong
 * (inline flags, Unicode case partners, quoting, classes, look-arounds), and random log lines made
 * of the same pieces plus malformed UTF-8, lone CRs and CRLFs, so that matches are frequent.
 */
public final class RandomGrep {
    /** Words the regexes and the lines share: case partners, non-ASCII, U+FFFD, an emoji. */
    private static final String[] WORDS = {
        "503",
        " 503 ",
        "GET",
        "get",
        "Error",
        "ERROR",
        "kernel",
        "\u212Aernel",
        "Ss",
        "\u017F",
        "\u0130d",
        "\u0131d",
        "caf\u00e9",
        "CAF\u00c9",
        "\u20ac",
        "\uFFFD",
        "\uD83D\uDE00",
        "a.b",
        "x-y",
        "/api/v1",
        "k",
        "K",
        "s",
        "i"
    };

    private static final String[] PLAIN_ATOMS = {
        "a", "b", "k", "K", "s", "S", "5", "0", "3", " ", "/", "-", "\u00e9", "\u212A", "\u017F"
    };

    private static final String[] FIXED_ATOMS = {
        "\\.",
        "\\ ",
        "\\t",
        "\\r",
        "\\x41",
        "\\x{e9}",
        "\\u00e9",
        "\\u212A",
        "\\Qa.b\\E",
        "\\Q|k\\E",
        "[0-9]",
        "[^a]",
        "[a-z&&[^k]]",
        "[\\]k]",
        "[.]",
        "\\d",
        "\\w",
        "\\s",
        "\\S",
        "\\p{L}",
        "\\pL",
        "\\P{Lu}",
        ".",
        "^",
        "$",
        "\\b",
        "\\B",
        "\\A",
        "\\z",
        "\\R",
        "\\h",
        "\\-",
        "\\/",
        "\\\\",
        "]",
        "}",
        "\\uFFFD",
        "\\x{1F600}"
    };

    private static final String[] QUANTIFIERS = {
        "*", "+", "?", "{2}", "{0,1}", "{1,3}", "{2,}", "*?", "+?", "??", "++", "{1,2}?"
    };

    private static final String[] FLAGS = {
        "(?i)", "(?u)", "(?iu)", "(?-i)", "(?s)", "(?m)", "(?U)"
    };

    private static final int[] COMPILE_FLAGS = {
        0,
        0,
        0,
        Pattern.CASE_INSENSITIVE,
        Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE,
        Pattern.LITERAL,
        Pattern.LITERAL | Pattern.CASE_INSENSITIVE
    };

    private RandomGrep() {}

    /** A regex, its compile flags and what they compile to. */
    public record Regex(String source, int flags, Pattern pattern) {
        @Override
        public String toString() {
            return "/" + source + "/ flags " + flags;
        }
    }

    /** A random regex that compiles, with random compile flags. */
    /**
     * Characters a {@link #find} may read: a random regex can nest quantifiers ({@code ((a|ab)*)*})
     * and backtrack for hours on one line, where a usual one reads a few thousand.
     */
    private static final long MAX_CHARACTERS_READ = 20_000_000;

    /**
     * Whether {@code pattern} finds a match in {@code text}, or empty when it backtracks past
     * {@link #MAX_CHARACTERS_READ} (the caller discards that try: no reader is in question).
     */
    public static Optional<Boolean> find(Pattern pattern, String text) {
        try {
            return Optional.of(pattern.matcher(new BoundedText(text, new long[1])).find());
        } catch (BacktrackingLimit e) {
            return Optional.empty();
        }
    }

    private static final class BacktrackingLimit extends RuntimeException {
        BacktrackingLimit() {
            super(null, null, false, false);
        }
    }

    /** Text that counts the characters read from it and its pieces. */
    private record BoundedText(String text, long[] read) implements CharSequence {
        @Override
        public char charAt(int index) {
            if (++read[0] > MAX_CHARACTERS_READ) {
                throw new BacktrackingLimit();
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new BoundedText(text.substring(start, end), read);
        }

        @Override
        public String toString() {
            return text;
        }
    }

    public static Regex regex(long seed) {
        Random random = new Random(seed);
        while (true) {
            String regex = regex(random, 3);
            int flags = COMPILE_FLAGS[random.nextInt(COMPILE_FLAGS.length)];
            try {
                return new Regex(regex, flags, Pattern.compile(regex, flags));
            } catch (RuntimeException invalid) {
                // Try another: the generator may put a quantifier after an anchor.
            }
        }
    }

    private static String regex(Random random, int depth) {
        StringBuilder regex = new StringBuilder();
        int branches = random.nextInt(5) == 0 ? 2 + random.nextInt(3) : 1;
        for (int b = 0; b < branches; b++) {
            if (b > 0) {
                regex.append('|');
            }
            int items = random.nextInt(5);
            for (int i = 0; i < items; i++) {
                regex.append(atom(random, depth));
                if (random.nextInt(4) == 0) {
                    regex.append(QUANTIFIERS[random.nextInt(QUANTIFIERS.length)]);
                }
            }
        }
        return regex.toString();
    }

    private static String atom(Random random, int depth) {
        int kind = random.nextInt(depth > 0 ? 10 : 6);
        switch (kind) {
            case 0:
            case 1:
                return Pattern.quote(WORDS[random.nextInt(WORDS.length)]);
            case 2:
                return PLAIN_ATOMS[random.nextInt(PLAIN_ATOMS.length)];
            case 3:
                return FIXED_ATOMS[random.nextInt(FIXED_ATOMS.length)];
            case 4:
                return FLAGS[random.nextInt(FLAGS.length)];
            case 5:
                return escapeRegex(WORDS[random.nextInt(WORDS.length)]);
            case 6:
                return "(" + regex(random, depth - 1) + ")";
            case 7:
                return "(?:" + regex(random, depth - 1) + ")";
            case 8:
                return "(?i:" + regex(random, depth - 1) + ")";
            default:
                String[] groups = {"(?=", "(?!", "(?<=", "(?>", "(?-i:", "(?iu:"};
                String open = groups[random.nextInt(groups.length)];
                // Look-behinds need a bounded length: a plain word then.
                return open
                        + (open.equals("(?<=")
                                ? escapeRegex(WORDS[random.nextInt(WORDS.length)])
                                : regex(random, depth - 1))
                        + ")";
        }
    }

    private static String escapeRegex(String word) {
        StringBuilder escaped = new StringBuilder();
        for (char c : word.toCharArray()) {
            if ("\\.[]{}()*+?^$|".indexOf(c) >= 0) {
                escaped.append('\\');
            }
            escaped.append(c);
        }
        return escaped.toString();
    }

    /** A random line's content (no LF): words, pieces, malformed UTF-8 and lone CRs. */
    public static byte[] line(Random random) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int pieces = random.nextInt(8);
        for (int i = 0; i < pieces; i++) {
            switch (random.nextInt(6)) {
                case 0:
                    line.write(0xC3); // a lead byte with no continuation
                    break;
                case 1:
                    line.write(random.nextBoolean() ? '\r' : 0xFF);
                    break;
                case 2:
                    line.writeBytes(
                            PLAIN_ATOMS[random.nextInt(PLAIN_ATOMS.length)].getBytes(
                                    StandardCharsets.UTF_8));
                    break;
                default:
                    line.writeBytes(
                            WORDS[random.nextInt(WORDS.length)].getBytes(StandardCharsets.UTF_8));
            }
        }
        return line.toByteArray();
    }

    /**
     * A random file whose lines are mostly filler (bytes no word or atom holds, lone CRs and ESCs)
     * of up to 300 bytes, with now and then a line of {@link #line}: long stretches without a
     * literal, as in a log grepped for something rare, crossing buffers and split ends; some lines
     * long enough to be oversized. Line ends and the last line as in {@link #file}.
     */
    public static byte[] sparseFile(Random random, int lines) {
        byte[] filler = {'q', 'w', 'j', '=', ',', '\r', 0x1b};
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        for (int i = 0; i < lines; i++) {
            if (random.nextInt(10) == 0) {
                // Now and then after filler: the literal search passes it before the reader sees
                // the line (and any ESC, a colour code's start, in it).
                for (int b = random.nextInt(4) == 0 ? random.nextInt(40) : 0; b > 0; b--) {
                    file.write(filler[random.nextInt(filler.length)]);
                }
                file.writeBytes(line(random));
            } else {
                int length = random.nextInt(50) == 0 ? 5000 : random.nextInt(300);
                for (int b = 0; b < length; b++) {
                    file.write(filler[random.nextInt(filler.length)]);
                }
            }
            if (i < lines - 1 || random.nextBoolean()) {
                file.writeBytes(random.nextInt(3) == 0 ? "\r\n".getBytes() : "\n".getBytes());
            }
        }
        return file.toByteArray();
    }

    /**
     * A random file of such lines ended by LF or CRLF, the last one at random without a terminator;
     * some lines long, to cross buffers.
     */
    public static byte[] file(Random random, int lines) {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        for (int i = 0; i < lines; i++) {
            byte[] line = line(random);
            int copies = random.nextInt(20) == 0 ? 200 : 1;
            for (int c = 0; c < copies; c++) {
                file.writeBytes(line);
            }
            if (i < lines - 1 || random.nextBoolean()) {
                file.writeBytes(random.nextInt(3) == 0 ? "\r\n".getBytes() : "\n".getBytes());
            }
        }
        return file.toByteArray();
    }
}
