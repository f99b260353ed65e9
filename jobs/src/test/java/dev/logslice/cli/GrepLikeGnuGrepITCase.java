package dev.logslice.cli;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterTry;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code logslice grep} and GNU grep on the same random files with the same options give the same
 * bytes and exit status: random access-log-like lines (CRLF, a last line without LF, long lines,
 * é/É), one to three files of several 4 KiB splits, random
 * -F/-i/-v/-c/-l/-L/-n/-m/-H/--no-filename/-w/-x/-o/-q/-A/-B/-C/--color=always and patterns that
 * mean the same in Java and in GNU's extended syntax (with and without a literal part), as the
 * argument or as several in -e and -f.
 */
class GrepLikeGnuGrepITCase {
    private static final String[] PATTERNS = {
        " 503 ",
        "GET",
        "get",
        "caf\u00e9",
        "POST|DELETE",
        "x-req",
        "[0-9]{4}",
        "^10\\.",
        "a.c",
        "zzz-never",
        "\\[ERROR\\]",
        "(timeout|refused) after",
        "id=[a-f0-9]+ ",
        "\u00c9t\u00e9"
    };

    private static final String[] WORDS = {
        "GET",
        "get",
        "POST",
        "DELETE",
        " 503 ",
        " 200 ",
        "caf\u00e9",
        "CAF\u00c9",
        "\u00c9t\u00e9",
        "x-req",
        "[ERROR]",
        "timeout after",
        "refused after",
        "id=9f3a ",
        "10.0.0.1",
        "abc",
        "a.c",
        "1234",
        "\t",
        " ",
        "/api/v1/users?q=a%20b",
        "\r"
    };

    private Path dir;

    @Property(tries = 40)
    void sameOutputAndStatusAsGnuGrep(@ForAll long seed) throws Exception {
        Random random = new Random(seed);
        dir = Files.createTempDirectory("grep-like-gnu");
        List<Path> files = new ArrayList<>();
        List<String> options = randomOptions(random);
        int fileCount = 1 + random.nextInt(3);
        for (int i = 0; i < fileCount; i++) {
            Path file = dir.resolve("f" + i + ".log");
            // A CRLF line's CR is no part of it here, where GNU grep's -x takes it in.
            Files.write(file, randomFile(random, !options.contains("-x")));
            files.add(file);
        }
        String pattern = PATTERNS[random.nextInt(PATTERNS.length)];
        // Sometimes several patterns, in -e options and a -f file, as the same to both greps.
        List<String> patternOptions = randomPatternOptions(random);

        // -E: extended syntax, which -F replaces (GNU grep takes one matcher).
        List<String> gnu = new ArrayList<>(List.of("grep"));
        if (!options.contains("-F")) {
            gnu.add("-E");
        }
        // GNU grep's manual: -w has no effect with -x. Yet grep 3.8 given both takes the line
        // feed into the match, printing it inside the colour and, with -o, an empty line after.
        gnu.addAll(
                options.contains("-x")
                        ? options.stream().filter(option -> !option.equals("-w")).toList()
                        : options);
        if (patternOptions.isEmpty()) {
            gnu.add("-e");
            gnu.add(pattern);
        } else {
            gnu.addAll(patternOptions);
        }
        files.forEach(file -> gnu.add(file.toString()));
        ProcessBuilder builder =
                new ProcessBuilder(gnu).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("LC_ALL", "C.UTF-8");
        Process process = builder.start();
        byte[] expected = process.getInputStream().readAllBytes();
        int expectedStatus = process.waitFor();

        List<String> ours = new ArrayList<>(List.of("--quiet"));
        ours.addAll(options);
        ours.addAll(patternOptions);
        GrepRun run =
                GrepRun.ending(
                        dir,
                        ours,
                        patternOptions.isEmpty() ? pattern : null,
                        files.toArray(Path[]::new));
        String what = String.join(" ", gnu);
        assertThat(run.exitCode()).as(what + "\n" + run.stderr()).isEqualTo(expectedStatus);
        assertThat(new String(run.output(), StandardCharsets.UTF_8))
                .as(what)
                .isEqualTo(new String(expected, StandardCharsets.UTF_8));
    }

    @AfterTry
    void removeFiles() throws IOException {
        if (dir != null) {
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    /**
     * None (the pattern is the argument) half of the time; else one to three -e patterns, one of
     * them two patterns in one (a line feed between), and maybe a -f file of zero to three.
     */
    private List<String> randomPatternOptions(Random random) throws IOException {
        List<String> options = new ArrayList<>();
        if (random.nextBoolean()) {
            return options;
        }
        int given = random.nextInt(4);
        for (int i = 0; i < given; i++) {
            options.add("-e");
            options.add(
                    random.nextInt(4) == 0
                            ? randomPattern(random) + "\n" + randomPattern(random)
                            : randomPattern(random));
        }
        if (given == 0 || random.nextBoolean()) {
            List<String> lines = new ArrayList<>();
            for (int i = random.nextInt(4); i > 0; i--) {
                lines.add(randomPattern(random));
            }
            Path file = Files.write(dir.resolve("patterns.txt"), lines);
            options.add("-f");
            options.add(file.toString());
        }
        return options;
    }

    private static String randomPattern(Random random) {
        return PATTERNS[random.nextInt(PATTERNS.length)];
    }

    private static List<String> randomOptions(Random random) {
        List<String> options = new ArrayList<>();
        String[] flags = {
            "-F",
            "-i",
            "-v",
            "-c",
            "-l",
            "-L",
            "-n",
            "-H",
            "--no-filename",
            "-w",
            "-x",
            "-o",
            "-q",
            "--color=always"
        };
        for (String flag : flags) {
            if (random.nextInt(4) == 0) {
                options.add(flag);
            }
        }
        // GNU grep takes the last of -l and -L; logslice refuses the two.
        if (options.contains("-l")) {
            options.remove("-L");
        }
        if (random.nextInt(4) == 0) {
            options.add("-m");
            options.add(Integer.toString(random.nextInt(4)));
        }
        // Context: -A, -B, -C, alone or together (-A and -B over -C), 0 to 3 lines.
        for (String context : new String[] {"-A", "-B", "-C"}) {
            if (random.nextInt(4) == 0) {
                options.add(context);
                options.add(Integer.toString(random.nextInt(4)));
            }
        }
        if (options.contains("-A") || options.contains("-B") || options.contains("-C")) {
            // Not together yet (refused); GNU grep writes only -- of the context then.
            options.remove("-o");
        }
        if (options.contains("-o") && options.contains("-x")) {
            // -x decides over -w in both greps, but GNU grep 3.8 with -o, -w and -x writes an
            // empty line after each part (grep -owx DELETE on "DELETE"): a quirk, not a meaning.
            options.remove("-w");
        }
        return options;
    }

    private static byte[] randomFile(Random random, boolean crlf) {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        int lines = random.nextInt(400);
        for (int i = 0; i < lines; i++) {
            StringBuilder line = new StringBuilder();
            int words = random.nextInt(random.nextInt(30) == 0 ? 2000 : 12);
            for (int w = 0; w < words; w++) {
                String word = WORDS[random.nextInt(WORDS.length)];
                // A CR that a line feed follows ends a CRLF line.
                line.append(crlf || !word.equals("\r") ? word : " ");
            }
            file.writeBytes(line.toString().getBytes(StandardCharsets.UTF_8));
            if (i < lines - 1 || random.nextBoolean()) {
                file.writeBytes(
                        crlf && random.nextInt(4) == 0
                                ? new byte[] {'\r', '\n'}
                                : new byte[] {'\n'});
            }
        }
        return file.toByteArray();
    }
}
