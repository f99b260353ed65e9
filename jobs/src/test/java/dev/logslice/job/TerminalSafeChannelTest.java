package dev.logslice.job;

import dev.logslice.format.UnsafeText;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** grep's lines on a terminal: what would drive it shown, all else byte for byte. */
class TerminalSafeChannelTest {
    @Test
    void escapesAndLoneCarriageReturnsAreShownLineEndsPass() throws IOException {
        assertThat(shown(List.of("ok \u001b]0;owned\u0007 \u001b[2J\tend\r\n")))
                .isEqualTo("ok \\x1b]0;owned\\x07 \\x1b[2J\tend\r\n");
        assertThat(shown(List.of("INFO fine\rERROR hidden\n")))
                .isEqualTo("INFO fine\\x0dERROR hidden\n");
        assertThat(shown(List.of("user \u202eevil\u2066 \u0085\u009b1m é 日本\n")))
                .isEqualTo("user \\u202eevil\\u2066 \\x85\\x9b1m é 日本\n");
    }

    @Test
    void aSequenceCutBetweenWritesIsJudgedWhole() throws IOException {
        // U+202E is E2 80 AE; a CR's meaning hangs on the byte after it.
        assertThat(shown(List.of("a\u202e", "b\r", "\nc\r", "d\n")))
                .isEqualTo("a\\u202eb\r\nc\\x0dd\n");
        assertThat(shown(List.of("ends with CR\r"))).isEqualTo("ends with CR\\x0d");
    }

    @Test
    void invalidUtf8PassesAsItIs() throws IOException {
        byte[] bytes = {
            'a', (byte) 0xE2, (byte) 0x80, 'b', (byte) 0xC2, '\n', (byte) 0xFF, (byte) 0xE2
        };
        assertThat(write(bytes, bytes.length)).isEqualTo(bytes);
    }

    /** However the bytes are cut into writes, what is shown is the same. */
    @Property
    void howWritesAreCutChangesNothing(
            @ForAll("hostile") byte[] bytes, @ForAll @IntRange(min = 1, max = 7) int chunk)
            throws IOException {
        assertThat(write(bytes, chunk)).isEqualTo(write(bytes, bytes.length + 1));
    }

    /** Nothing unsafe reaches the terminal, but tabs, LFs and CRs before LFs. */
    @Property
    void nothingUnsafeIsShown(@ForAll("hostile") byte[] bytes) throws IOException {
        String shown = new String(write(bytes, 3), StandardCharsets.UTF_8);
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            boolean lineEnd =
                    c == '\n' || c == '\r' && i + 1 < shown.length() && shown.charAt(i + 1) == '\n';
            assertThat(c == '\t' || lineEnd || !UnsafeText.isUnsafe(c))
                    .as("char %d of %s", i, shown)
                    .isTrue();
        }
    }

    /** Text with nothing unsafe in it, any language, is shown byte for byte. */
    @Property
    void safeTextPassesUnchanged(@ForAll @Size(max = 40) String text) throws IOException {
        String safe =
                text.codePoints()
                        .filter(c -> c == '\t' || c == '\n' || !UnsafeText.isUnsafe(c) && c != '\r')
                        .collect(
                                StringBuilder::new,
                                StringBuilder::appendCodePoint,
                                StringBuilder::append)
                        .toString();
        byte[] bytes = safe.getBytes(StandardCharsets.UTF_8);
        assertThat(write(bytes, 5)).isEqualTo(bytes);
    }

    @Provide
    Arbitrary<byte[]> hostile() {
        List<byte[]> parts = new ArrayList<>();
        for (String text :
                List.of(
                        "a",
                        " ",
                        "\t",
                        "\n",
                        "\r",
                        "\u001b",
                        "\u0007",
                        "\u0000",
                        "\u007f",
                        "\u0085",
                        "\u009b",
                        "\u061c",
                        "\u200e",
                        "\u2028",
                        "\u202e",
                        "\u2069",
                        "é",
                        "€",
                        "\u2030",
                        "\u00a0",
                        "\uD83D\uDE00")) {
            parts.add(text.getBytes(StandardCharsets.UTF_8));
        }
        // Cut and invalid sequences: lead bytes alone, a continuation alone.
        parts.addAll(
                List.of(
                        new byte[] {(byte) 0xE2},
                        new byte[] {(byte) 0xE2, (byte) 0x80},
                        new byte[] {(byte) 0xC2},
                        new byte[] {(byte) 0xD8},
                        new byte[] {(byte) 0x80},
                        new byte[] {(byte) 0xFF}));
        return Arbitraries.of(parts)
                .list()
                .ofMaxSize(30)
                .map(
                        chosen -> {
                            ByteArrayOutputStream out = new ByteArrayOutputStream();
                            chosen.forEach(out::writeBytes);
                            return out.toByteArray();
                        });
    }

    private static String shown(List<String> writes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TerminalSafeChannel channel = new TerminalSafeChannel(Channels.newChannel(out));
        for (String text : writes) {
            channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
        }
        channel.finish();
        return out.toString(StandardCharsets.UTF_8);
    }

    private static byte[] write(byte[] bytes, int chunk) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TerminalSafeChannel channel = new TerminalSafeChannel(Channels.newChannel(out));
        for (int from = 0; from < bytes.length; from += chunk) {
            channel.write(ByteBuffer.wrap(bytes, from, Math.min(chunk, bytes.length - from)));
        }
        channel.finish();
        return out.toByteArray();
    }
}
