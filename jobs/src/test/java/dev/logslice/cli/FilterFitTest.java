package dev.logslice.cli;

import dev.logslice.format.Field;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.source.FileFormats;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The warning of a field filter that no sampled event can pass. */
class FilterFitTest {
    @TempDir Path dir;

    /**
     * Entries of one second have no # Time: line; their time is in their SET timestamp line, so
     * --since fits them (it was said to fit none: the sample's lines were parsed one by one).
     */
    @Test
    void slowLogEntriesHaveTheTimeOfTheirLaterLines() throws IOException {
        String entry =
                "# User@Host: app[app] @ web1 [10.0.0.5]  Id:    11\n"
                        + "# Query_time: 0.500000  Lock_time: 0.000100 Rows_sent: 1\n"
                        + "SET timestamp=1796623201;\n"
                        + "SELECT 1;\n";

        assertThat(warnings("mysql-slow", entry.repeat(3), "--since", Field.TIMESTAMP)).isEmpty();
    }

    @Test
    void syslogWithoutPriorityHasNoLevel() throws IOException {
        String line = "Dec  7 06:00:01 host sshd[42]: Accepted publickey for root\n";

        assertThat(warnings("syslog", line.repeat(3), "--level", Field.LEVEL))
                .isEqualTo(
                        "logslice: --level: syslog (RFC 3164) events have no level, so none"
                                + " passes\n");
    }

    private String warnings(String format, String text, String option, Field field)
            throws IOException {
        Path log = Files.writeString(dir.resolve("x.log"), text);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        FilterFit.warnUnfit(
                Map.of(option, field),
                FileFormats.of(FormatRegistry.standard().create(format, FormatOptions.none())),
                List.of(log.toString()),
                ZoneOffset.UTC,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return err.toString(StandardCharsets.UTF_8);
    }
}
