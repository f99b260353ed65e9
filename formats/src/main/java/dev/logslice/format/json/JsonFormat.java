package dev.logslice.format.json;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;

/**
 * JSON lines: one object per line, keys mapped to fields by a {@link JsonFieldMapping}; a family of
 * {@link JsonPreset} takes only the lines with its keys.
 */
public final class JsonFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final JsonFieldMapping mapping;
    private final JsonSignature signature;
    private final boolean cutWithoutLineEnd;
    private final boolean byteArrays;

    /** Any JSON object, named {@code json}. */
    public JsonFormat(JsonFieldMapping mapping) {
        this("json", mapping, JsonSignature.NONE, false, false);
    }

    /**
     * @param cutWithoutLineEnd whether a message keeps the program's line end, so that one without
     *     is a piece of a line that goes on in the next (Docker json-file cuts lines at 16 KiB)
     * @param byteArrays whether an array of numbers 0-255 is the bytes of a value (journalctl -o
     *     json)
     */
    JsonFormat(
            String name,
            JsonFieldMapping mapping,
            JsonSignature signature,
            boolean cutWithoutLineEnd,
            boolean byteArrays) {
        this.name = name;
        this.mapping = mapping;
        this.signature = signature;
        this.cutWithoutLineEnd = cutWithoutLineEnd;
        this.byteArrays = byteArrays;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new JsonLinesParser(mapping, signature, cutWithoutLineEnd, byteArrays, context);
    }
}
