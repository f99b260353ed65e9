package dev.logslice.sql;

import dev.logslice.format.UnsafeText;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** sql's JSON rows, which other tools read line by line (jsonl) or whole (json). */
class JsonRowsTest {
    @Test
    void jsonlIsExactlyOneObjectPerLine() throws IOException {
        String written =
                write(RowOutput.JSONL, List.of(List.of(200L), List.of(404L), List.of(500L)));

        assertThat(written).isEqualTo("{\"status\":200}\n{\"status\":404}\n{\"status\":500}\n");
    }

    /** A value from a log, attacker-controlled, in both JSON forms. */
    @Test
    void c1AndBidiControlsAreEscapesThatReadBack() throws IOException {
        String hostile = "c1 \u009b31m del \u007f rtl \u202e \u2067 \u200f \u061c caf\u00e9";
        for (RowOutput form : List.of(RowOutput.JSON, RowOutput.JSONL)) {
            String written = write(form, List.of(List.of(hostile)));

            assertThat(written.chars()).noneMatch(c -> c != '\n' && UnsafeText.isUnsafe(c));
            JsonNode read = new ObjectMapper().readTree(written);
            assertThat((form == RowOutput.JSON ? read.get(0) : read).get("status").asText())
                    .isEqualTo(hostile);
        }
    }

    private static String write(RowOutput form, List<List<Object>> rows) throws IOException {
        StringWriter out = new StringWriter();
        form.write(List.of("status"), rows.iterator(), out, 0);
        return out.toString();
    }
}
