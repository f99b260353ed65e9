package dev.logslice.cli;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.LogGenerator;

import org.apache.flink.client.program.ProgramParametrizationException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * grep's status as Unix grep's (0 matched, 1 nothing matched, 2 an error), and the one line it says
 * when a filter or {@code --pattern} cannot apply to the input.
 */
class GrepExitStatusITCase {
    /** RFC 3164 lines as files hold them: no {@code <PRI>}, so no level. */
    private static final String SYSLOG =
            "Jun  4 15:16:01 combo sshd(pam_unix)[19939]: check pass; user unknown\n"
                    + "Jun  4 15:16:02 combo su(pam_unix)[21416]: session opened for user  news\n"
                    + "Jun  4 15:16:03 web-01 kernel: [ 1.0] ERROR usb 1-1: device descriptor\n";

    @TempDir Path dir;

    @Test
    void matchedIs0NothingMatchedIs1AnErrorIs2() throws IOException {
        Path log = write("access.log", accessLines());
        Path out = dir.resolve("out.log");

        CliRun matched = CliRun.of("grep", "--out", out.toString(), "GET", log.toString());
        CliRun nothing = CliRun.of("grep", "--out", out.toString(), "NO SUCH TEXT", log.toString());
        CliRun badRegex = CliRun.of("grep", "--out", out(), "(unclosed", log.toString());
        CliRun missing =
                CliRun.of("grep", "--out", out(), "x", dir.resolve("missing.log").toString());

        assertThat(matched.exitCode()).as(matched.stderr()).isZero();
        assertThat(nothing.exitCode()).as(nothing.stderr()).isEqualTo(1);
        assertThat(nothing.stderr()).isEmpty();
        assertThat(out).isEmptyFile();
        assertThat(badRegex.exitCode()).isEqualTo(2);
        assertThat(missing.exitCode()).isEqualTo(2);
    }

    /**
     * -q writes nothing, lines or events, and says by its status alone whether any was selected.
     */
    @Test
    void silentWritesNothingAndTellsByItsStatus() throws IOException {
        Path log = write("access.log", accessLines());

        CliRun matched = CliRun.of("grep", "-q", "GET", log.toString());
        CliRun nothing = CliRun.of("grep", "-q", "NO SUCH TEXT", log.toString());
        CliRun errors = CliRun.of("grep", "-q", "--status", "5xx", "", log.toString());
        CliRun noErrors = CliRun.of("grep", "-q", "--status", "4xx", "", log.toString());
        CliRun withOut = CliRun.of("grep", "-q", "--out", out(), "GET", log.toString());

        assertThat(matched.exitCode()).as(matched.stderr()).isZero();
        assertThat(nothing.exitCode()).isEqualTo(1);
        assertThat(errors.exitCode()).as(errors.stderr()).isZero();
        assertThat(noErrors.exitCode()).isEqualTo(1);
        for (CliRun run : List.of(matched, nothing, errors, noErrors)) {
            assertThat(run.stdout()).isEmpty();
        }
        assertThat(withOut.exitCode()).isZero();
        assertThat(Path.of(out())).doesNotExist();
    }

    /** What -e and -f cannot take is one line and status 2, before anything is read. */
    @Test
    void patternOptionsMisusedAreOneLine() throws IOException {
        Path log = write("access.log", accessLines());
        Path out = dir.resolve("patterns.out");

        CliRun noPath = CliRun.of("grep", "--out", out.toString(), "-e", "GET");
        CliRun noRegex = CliRun.of("grep", "--out", out.toString());
        CliRun missingFile =
                CliRun.of(
                        "grep",
                        "--out",
                        out.toString(),
                        "-f",
                        dir.resolve("none.txt").toString(),
                        log.toString());
        CliRun backReference =
                CliRun.of(
                        "grep", "--out", out.toString(), "-e", "(a)\\1", "-e", "b", log.toString());
        CliRun badSecond =
                CliRun.of(
                        "grep",
                        "--out",
                        out.toString(),
                        "-e",
                        "GET",
                        "-e",
                        "(oops",
                        log.toString());

        assertThat(noPath.exitCode()).isEqualTo(2);
        assertThat(noPath.stderr()).isEqualTo("logslice: no PATH given (- reads standard input)\n");
        assertThat(noRegex.exitCode()).isEqualTo(2);
        assertThat(noRegex.stderr()).contains("no REGEX given").hasLineCount(1);
        assertThat(missingFile.exitCode()).isEqualTo(2);
        assertThat(missingFile.stderr()).contains("none.txt: no such file").hasLineCount(1);
        assertThat(backReference.exitCode()).isEqualTo(2);
        assertThat(backReference.stderr()).contains("back-reference").hasLineCount(1);
        assertThat(badSecond.exitCode()).isEqualTo(2);
        assertThat(badSecond.stderr()).contains("'(oops'").hasLineCount(1);
        assertThat(out).doesNotExist();
    }

    @Test
    void maxCountZeroSelectsNothingWhateverElseIsAsked() throws IOException {
        Path log = write("access.log", accessLines());
        Path out = dir.resolve("zero.out");
        for (List<String> options :
                List.<List<String>>of(
                        List.of(), List.of("-c"), List.of("-l"), List.of("-v", "-c", "-H"))) {
            List<String> args = new ArrayList<>(List.of("grep", "--out", out.toString()));
            args.addAll(options);
            args.addAll(List.of("-m", "0", "GET", log.toString()));

            CliRun run = CliRun.of(args.toArray(String[]::new));

            // GNU grep 3.8: no output and exit 1 for -m 0, with -c, -l and -v too.
            assertThat(run.exitCode()).as(options + run.stderr()).isEqualTo(1);
            assertThat(out).as(options.toString()).isEmptyFile();
        }
    }

    @Test
    void anEmptyLineThatMatchesIsAMatch() throws IOException {
        Path log = write("blank.log", "\n\n");

        CliRun run = CliRun.of("grep", "--out", dir.resolve("o").toString(), "^$", log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
    }

    @Test
    void levelOnRfc3164SyslogSaysOnceThatItsEventsHaveNoLevel() throws IOException {
        Path log = write("messages", SYSLOG);

        CliRun run = CliRun.of("grep", "--out", out(), "--level", "ERROR", "", log.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr().lines().filter(line -> line.contains("--level")))
                .singleElement()
                .asString()
                .contains("--level: syslog (RFC 3164) events have no level");
    }

    @Test
    void statusOnAnApplicationLogSaysOnceThatItsEventsHaveNoStatus() throws IOException {
        Path log = dir.resolve("app.log");
        LogGenerator.write(GeneratedFormat.LOG4J, 50_000, 9, log);

        CliRun run =
                CliRun.of(
                        "grep",
                        "--out",
                        out(),
                        "--status",
                        "5xx",
                        "--level",
                        "ERROR",
                        "",
                        log.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr().lines().filter(line -> line.contains("--status")))
                .singleElement()
                .asString()
                .containsPattern("--status: \\S+ events have no status");
        assertThat(run.stderr()).doesNotContain("--level:");
    }

    @Test
    void aFilterTheEventsCanPassSaysNothing() throws IOException {
        Path log = write("access.log", accessLines());

        CliRun run = CliRun.of("grep", "--out", out(), "--status", "5xx", "", log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).doesNotContain("have no");
    }

    @Test
    void patternWithoutFormatSaysOnceThatItIsIgnored() throws IOException {
        Path log = write("access.log", accessLines());

        CliRun grep =
                CliRun.of("grep", "--out", out(), "--pattern", "%h %l %u", "GET", log.toString());
        CliRun filtered =
                CliRun.of(
                        "grep",
                        "--out",
                        out(),
                        "--pattern",
                        "%h",
                        "--status",
                        "5xx",
                        "",
                        log.toString());

        for (CliRun run : new CliRun[] {grep, filtered}) {
            assertThat(run.stderr().lines().filter(line -> line.contains("--pattern")))
                    .singleElement()
                    .asString()
                    .contains("--pattern is ignored without --format")
                    .contains("log4j");
        }
    }

    @Test
    void flinkRunTakesNothingMatchedAsAnAnswerAndAnErrorAsAFailure() throws IOException {
        Path log = write("access.log", accessLines());
        String out = dir.resolve("out.log").toString();

        assertThatCode(
                        () ->
                                LogsliceProgram.main(
                                        new String[] {
                                            "grep", "--out", out, "NO SUCH TEXT", log.toString()
                                        }))
                .doesNotThrowAnyException();
        assertThatThrownBy(
                        () ->
                                LogsliceProgram.main(
                                        new String[] {"grep", "--out", out, "(", log.toString()}))
                .isInstanceOf(ProgramParametrizationException.class);
    }

    private static String accessLines() {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            lines.append("10.0.0.")
                    .append(i % 7)
                    .append(" - - [25/Oct/2015:04:11:")
                    .append(String.format("%02d", i))
                    .append(" +0000] \"GET /p/")
                    .append(i)
                    .append(" HTTP/1.1\" ")
                    .append(i % 10 == 0 ? 503 : 200)
                    .append(" 12 \"-\" \"curl/8\"\n");
        }
        return lines.toString();
    }

    /** Always an output file: grep on stdout would write to the test fork's channel. */
    private String out() {
        return dir.resolve("grep.out").toString();
    }

    private Path write(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }
}
