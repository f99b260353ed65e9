package dev.logslice.format.json;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;

/** JSON lines: one object per line, keys mapped to fields by a {@link JsonFieldMapping}. */
public final class JsonFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    private final JsonFieldMapping mapping;

    public JsonFormat(JsonFieldMapping mapping) {
        this.mapping = mapping;
    }

    @Override
    public String name() {
        return "json";
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new JsonLinesParser(mapping, context);
    }
}
