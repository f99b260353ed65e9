package dev.logslice.sql;

import org.apache.flink.types.Row;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Values of types a log's columns are not, made by a query (ENCODE, ARRAY_AGG, ROW): written as
 * themselves in every output, never as a Java identity such as {@code [B@48da64f2}.
 */
class CellValuesTest {
    private static final List<Object> ROW =
            List.of(
                    new byte[] {0, (byte) 0xff},
                    new Object[] {1, null, 3},
                    Row.of("a", new byte[] {1}),
                    Map.of("k", new Object[] {"v"}));

    @Test
    void bytesArraysAndRowsAreWrittenAsThemselvesInJson() throws IOException {
        assertThat(write(RowOutput.JSONL))
                .isEqualTo(
                        "{\"b\":\"x'00ff'\",\"a\":[1,null,3],\"r\":[\"a\",\"x'01'\"],"
                                + "\"m\":{\"k\":[\"v\"]}}\n");
    }

    @Test
    void andAsTextInTheTableAndCsv() throws IOException {
        assertThat(write(RowOutput.TABLE))
                .isEqualTo("b\ta\tr\tm\nx'00ff'\t[1, null, 3]\t[a, x'01']\t{k=[v]}\n");
        assertThat(write(RowOutput.CSV))
                .isEqualTo("b,a,r,m\r\nx'00ff',\"[1, null, 3]\",\"[a, x'01']\",{k=[v]}\r\n");
    }

    private static String write(RowOutput output) throws IOException {
        List<Object> plain = ROW.stream().map(CellValues::plain).toList();
        Iterator<List<Object>> rows = List.of(plain).iterator();
        StringWriter out = new StringWriter();
        output.write(List.of("b", "a", "r", "m"), rows, out, 0);
        return out.toString();
    }
}
