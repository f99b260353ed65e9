package dev.logslice.format.json;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.NotEmpty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.StringJoiner;

import static org.assertj.core.api.Assertions.assertThat;

/** journald's arrays of bytes, read back. */
class ByteArraysTest {
    @Property
    void anArrayOfBytesIsThoseBytes(@ForAll @NotEmpty byte[] bytes, @ForAll boolean spaced) {
        StringJoiner array = new StringJoiner(spaced ? ", " : ",", spaced ? "[ " : "[", "]");
        for (byte b : bytes) {
            array.add(Integer.toString(b & 0xff));
        }

        assertThat(bytesOf(array.toString())).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "[]", "[ ]", "[256]", "[-1]", "[1.5]", "[1e2]", "[0001]", "[\"a\"]", "[1,[2]]",
                "[null]"
            })
    void otherArraysAreNoBytes(String array) {
        assertThat(bytesOf(array)).isNull();
    }

    private static byte[] bytesOf(String array) {
        byte[] text = ("x" + array + "y").getBytes(StandardCharsets.US_ASCII);
        return ByteArrays.bytesOf(text, 1, text.length - 1);
    }
}
