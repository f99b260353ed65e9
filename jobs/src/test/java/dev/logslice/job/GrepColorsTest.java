package dev.logslice.job;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Colour never changes a line: without its SGR sequences the output is the line's bytes (invalid
 * UTF-8 and all), and what is between them is what the regex matched.
 */
class GrepColorsTest {
    private static final String MATCH = "\u001b[01;31m\u001b[K";
    private static final String END = "\u001b[m\u001b[K";
    private static final Pattern SGR = Pattern.compile("\u001b\\[[0-9;]*m\u001b\\[K");

    @Example
    void matchesAfterInvalidBytesAreColouredAtTheirOwnBytes() throws IOException {
        byte[] line = bytes("\u00ff\u00fe ERR caf\u00c3\u00a9 ERR\r\n");

        byte[] out = colour("ERR", line, false);

        assertThat(out)
                .isEqualTo(
                        bytes(
                                "\u00ff\u00fe "
                                        + MATCH
                                        + "ERR"
                                        + END
                                        + " caf\u00c3\u00a9 "
                                        + MATCH
                                        + "ERR"
                                        + END
                                        + "\r\n"));
    }

    @Example
    void onATerminalTheLogsEscapesAreShownAndOnlyTheColoursAreRaw() throws IOException {
        byte[] line = bytes("\u001b]0;x\u0007 ERR\n");

        byte[] out = colour("ERR", line, true);

        assertThat(out).isEqualTo(bytes("\\x1b]0;x\\x07 " + MATCH + "ERR" + END + "\n"));
    }

    @Property(tries = 300)
    void withoutItsColoursTheLineIsAsItWasAndTheColouredPartsMatch(
            @ForAll("lines") byte[] line, @ForAll("regexes") String regex) throws IOException {
        String coloured = new String(colour(regex, line, false), StandardCharsets.ISO_8859_1);

        assertThat(SGR.matcher(coloured).replaceAll(""))
                .isEqualTo(new String(line, StandardCharsets.ISO_8859_1));
        Matcher part =
                Pattern.compile(Pattern.quote(MATCH) + "(.*?)" + Pattern.quote(END))
                        .matcher(coloured);
        while (part.find()) {
            String text =
                    new String(
                            part.group(1).getBytes(StandardCharsets.ISO_8859_1),
                            StandardCharsets.UTF_8);
            assertThat(text).matches(regex);
        }
    }

    @Provide
    Arbitrary<byte[]> lines() {
        // ASCII, UTF-8 of two to four bytes, a stray continuation byte, lead bytes with nothing
        // after them; no ESC, CR or LF.
        Arbitrary<byte[]> piece =
                Arbitraries.of(
                        utf8("a"),
                        utf8("b"),
                        utf8("ERR"),
                        utf8(" "),
                        utf8("x1"),
                        utf8("\u00e9"),
                        utf8("\u6771"),
                        utf8("\ud83d\ude00"),
                        new byte[] {(byte) 0x80},
                        new byte[] {(byte) 0xff},
                        new byte[] {(byte) 0xc3},
                        new byte[] {(byte) 0xe6, (byte) 0x9d});
        return piece.list()
                .ofMaxSize(30)
                .map(
                        pieces -> {
                            ByteArrayOutputStream out = new ByteArrayOutputStream();
                            pieces.forEach(out::writeBytes);
                            out.write('\n');
                            return out.toByteArray();
                        });
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Provide
    Arbitrary<String> regexes() {
        return Arbitraries.of("ERR", "a+", "[^a ]+", "\u00e9|\u6771", ".", "b?", "\ud83d\ude00");
    }

    private static byte[] colour(String regex, byte[] line, boolean terminal) throws IOException {
        GrepColors colors = new GrepColors(LinePattern.compile(regex, 0), terminal);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        colors.line(line, 0, line.length, true, out);
        return out.toByteArray();
    }

    private static byte[] bytes(String latin1) {
        return latin1.getBytes(StandardCharsets.ISO_8859_1);
    }
}
