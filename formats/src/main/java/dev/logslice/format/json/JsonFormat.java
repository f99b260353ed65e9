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

    /** Any JSON object, named {@code json}. */
    public JsonFormat(JsonFieldMapping mapping) {
        this("json", mapping, JsonSignature.NONE);
    }

    JsonFormat(String name, JsonFieldMapping mapping, JsonSignature signature) {
        this.name = name;
        this.mapping = mapping;
        this.signature = signature;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new JsonLinesParser(mapping, signature, context);
    }
}
