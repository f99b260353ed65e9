package dev.logslice.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * Jackson's escapes for every JSON the CLI writes: besides what JSON requires, each {@link
 * UnsafeText unsafe} character (DEL, C1 and bidi controls, line separators) as {@code \}{@code
 * uXXXX}, the same string to a JSON reader and nothing raw for a terminal or viewer showing it.
 */
public final class JsonEscapes extends CharacterEscapes {
    /** The one instance: Jackson factories share it. */
    public static final JsonEscapes SAFE = new JsonEscapes();

    /**
     * A factory of generators for JSON lines with these escapes: no separator between root values
     * (Jackson's default, a space, would begin every line after the first), the target left open.
     */
    public static final JsonFactory LINES =
            new JsonFactoryBuilder()
                    .rootValueSeparator((String) null)
                    .characterEscapes(SAFE)
                    .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
                    .build();

    private final int[] ascii;

    private JsonEscapes() {
        ascii = standardAsciiEscapesForJSON();
        ascii[0x7f] = ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        return UnsafeText.isUnsafe(ch) ? new SerializedString(String.format("\\u%04X", ch)) : null;
    }
}
