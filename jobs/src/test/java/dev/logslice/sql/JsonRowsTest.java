package dev.logslice.sql;

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

    private static String write(RowOutput form, List<List<Object>> rows) throws IOException {
        StringWriter out = new StringWriter();
        form.write(List.of("status"), rows.iterator(), out, 0);
        return out.toString();
    }
}
