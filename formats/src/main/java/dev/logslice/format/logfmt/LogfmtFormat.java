package dev.logslice.format.logfmt;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.json.JsonFieldMapping;

/**
 * logfmt lines ({@code level=info ts=2024-01-02T03:04:05Z msg="quoted \"text\"" key=value}), as Go
 * services (go-kit, logrus, Prometheus, Loki, Heroku's router) write them: keys fill fields by the
 * mapping JSON lines use, so {@code --time-field} and co. apply; the other keys go to {@code
 * extra}.
 */
public final class LogfmtFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    private final JsonFieldMapping mapping;

    public LogfmtFormat(JsonFieldMapping mapping) {
        this.mapping = mapping;
    }

    @Override
    public String name() {
        return "logfmt";
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new LogfmtParser(mapping, context);
    }
}
