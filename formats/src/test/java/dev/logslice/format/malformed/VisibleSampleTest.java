package dev.logslice.format.malformed;

import dev.logslice.format.MalformedLine;
import dev.logslice.format.UnsafeText;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** A line's first bytes shown to a person: text as it is, only what would harm escaped. */
class VisibleSampleTest {

    @Test
    void validUtf8IsShownAsItIs() {
        assertThat(visible("ключ не найден: 東京 café €".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("ключ не найден: 東京 café €");
    }

    @Test
    void controlsBidiAndInvalidBytesAreEscaped() {
        byte[] line = {
            'a',
            0x1b,
            '[',
            '3',
            '1',
            'm',
            '\t',
            (byte) 0xff,
            (byte) 0xd0,
            ' ',
            '\\',
            (byte) 0xe2,
            (byte) 0x80,
            (byte) 0xae,
            'z',
            (byte) 0xd0
        };

        assertThat(visible(line)).isEqualTo("a\\x1b[31m\\x09\\xff\\xd0 \\\\\\u202ez\\xd0");
    }

    @Test
    void aCharacterCutByTheSampleEndIsEscaped() {
        byte[] line =
                ("x".repeat(MalformedLine.SAMPLE_BYTES - 1) + "ж").getBytes(StandardCharsets.UTF_8);

        assertThat(visible(line)).endsWith("x\\xd0");
    }

    /** Whatever the bytes, nothing that would drive a terminal or reorder text gets through. */
    @Property
    void noUnsafeCharacterEverGetsThrough(@ForAll byte[] line) {
        assertThat(visible(line).chars()).noneMatch(UnsafeText::isUnsafe);
    }

    /** Text without controls or backslashes comes back whole. */
    @Property
    void safeTextComesBackWhole(@ForAll String text) {
        String safe =
                text.codePoints()
                        .filter(c -> !UnsafeText.isUnsafe(c) && c != '\\')
                        .filter(c -> c < Character.MIN_SURROGATE || c > Character.MAX_SURROGATE)
                        .collect(
                                StringBuilder::new,
                                StringBuilder::appendCodePoint,
                                StringBuilder::append)
                        .toString();
        byte[] bytes = safe.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= MalformedLine.SAMPLE_BYTES) {
            assertThat(visible(bytes)).isEqualTo(safe);
        }
    }

    private static String visible(byte[] line) {
        return MalformedLine.of("f", 0, "r", line, 0, line.length).visibleSample();
    }
}
