package dev.logslice.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command line's manners, as git's and ripgrep's: usage and status 2 for no command, {@code
 * help COMMAND}, "did you mean" for a typo, placeholders that say what to give, errors that say
 * what is accepted. None of these runs a job.
 */
class CliHabitsTest {
    private static final Pattern PICOCLI_LABEL = Pattern.compile("<[a-zA-Z]+>");

    @Test
    void noCommandPrintsTheUsageOnStderrAndExits2() {
        CliRun run = CliRun.of();

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).contains("Usage: logslice").contains("stats").contains("help");
    }

    @Test
    void helpCommandPrintsTheHelpOfACommand() {
        CliRun run = CliRun.of("help", "grep");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("Usage: logslice grep").contains("--status=CODES");
        assertThat(run.stdout()).contains("Exit status:").contains("1   no line matched");
    }

    @Test
    void helpAloneListsTheCommands() {
        CliRun run = CliRun.of("help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("stats").contains("grep").contains("formats");
    }

    @ParameterizedTest
    @CsvSource({
        "stast, stats",
        "sacn, scan",
        "grpe, grep",
        "fromats, formats",
        "stats --tpo 5 x.log, --top",
        "stats --jsno r.json x.log, --json",
        "grep --levle ERROR x x.log, --level",
        "grep --path-prefx=/api x x.log, --path-prefix",
        "scan --split-sise 4k x.log, --split-size"
    })
    void aTypoGetsTheNameItProbablyMeant(String args, String meant) {
        CliRun run = CliRun.of(args.split(" "));

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("did you mean '" + meant + "'?");
        assertThat(run.stderr().lines()).hasSize(1);
    }

    @Test
    void aWordFarFromEveryCommandGetsNoGuess() {
        CliRun run = CliRun.of("frobnicate");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).contains("unknown command 'frobnicate'").doesNotContain("mean");
    }

    @Test
    void everyHelpNamesItsPlaceholdersAndEveryDefault() {
        CommandLine logslice = Logslice.commandLine();
        List<CommandLine> commands = new ArrayList<>(logslice.getSubcommands().values());
        commands.add(logslice);
        for (CommandLine command : commands) {
            String help = command.getUsageMessage(CommandLine.Help.Ansi.OFF);
            assertThat(PICOCLI_LABEL.matcher(help).find()).as(help).isFalse();
            for (OptionSpec option : command.getCommandSpec().options()) {
                boolean hasDefault =
                        option.arity().max() > 0
                                && option.initialValue() != null
                                && !option.required();
                if (hasDefault) {
                    assertThat(String.join(" ", option.description()))
                            .as("%s %s", command.getCommandName(), option.longestName())
                            .contains("default");
                }
            }
        }
    }

    @Test
    void aBadZoneSaysWhatAZoneLooksLike() {
        CliRun run = CliRun.of("grep", "--zone", "Mars/Olympus", "--level", "error", "", "x.log");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr())
                .contains("'Mars/Olympus' is not a time zone")
                .contains("Europe/Paris")
                .contains("+01:00")
                .doesNotContain("Exception");
    }

    /** A size of 0 once reached a division before the source's check: "/ by zero", exit 1. */
    @ParameterizedTest
    @CsvSource({
        "scan, --split-size, split size",
        "scan, --buffer-size, read buffer size",
        "parse, --buffer-size, read buffer size",
        "stats, --split-size, split size",
        "grep, --buffer-size, read buffer size"
    })
    void aZeroSizeIsOneLineNamingIt(String command, String option, String named, @TempDir Path dir)
            throws IOException {
        Path log =
                Files.writeString(
                        dir.resolve("a.log"),
                        "10.0.0.1 - - [10/Oct/2024:13:55:36 +0000] \"GET /one HTTP/1.1\" 200 5\n");
        List<String> args = new ArrayList<>(List.of(command, option, "0"));
        if (command.equals("grep")) {
            args.add("one");
        }
        args.add(log.toString());

        CliRun run = CliRun.of(args.toArray(String[]::new));

        assertThat(run.exitCode()).isEqualTo(2);
        // Beside the note of the format detected, if any: one error line.
        assertThat(run.stderr().lines().filter(line -> line.startsWith("logslice:")))
                .containsExactly(
                        "logslice: " + named + " 0 must be a multiple of the block size 4096");
    }

    /** Java takes a reference to a group the regex lacks as one that never matches. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"(a)\\2 | 2", "(a)(b)?\\3 | 2", "(a)\\1 | 0", "(a)\\\\2 | 1", "x\\\\2 | 1"})
    void aBackReferenceToAMissingGroupIsAUsageErrorAsInGnuGrep(
            String regex, int exitCode, @TempDir Path dir) throws IOException {
        Path log = Files.writeString(dir.resolve("a.txt"), "aa\nab\n");

        CliRun run = CliRun.of("grep", "-E", regex, log.toString());

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(exitCode);
        if (exitCode == 2) {
            assertThat(run.stderr()).contains("invalid back reference").hasLineCount(1);
        }
    }

    @Test
    void badSizesAndTimesSayWhatIsAccepted() {
        CliRun size = CliRun.of("scan", "--split-size", "12q", "x.log");
        CliRun time = CliRun.of("grep", "--since", "last week", "", "x.log");

        assertThat(size.exitCode()).isEqualTo(2);
        assertThat(size.stderr()).contains("'12q' is not a size").contains("64k, 1m, 1g");
        assertThat(time.exitCode()).isEqualTo(2);
        assertThat(time.stderr())
                .contains("'last week' is no time")
                .contains("2024-01-15")
                .contains("2h ago");
    }
}
