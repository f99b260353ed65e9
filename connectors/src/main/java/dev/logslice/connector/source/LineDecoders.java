package dev.logslice.connector.source;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;

/** The built-in {@link LineDecoder}s. */
@PublicEvolving
public final class LineDecoders {
    private LineDecoders() {}

    /** Each line's content as a UTF-8 decoded {@code String}. */
    public static LineDecoder<String> strings() {
        return new StringDecoder();
    }

    /** Each line as a {@link LogLine}: exact bytes, terminator, file and offset. */
    public static LineDecoder<LogLine> rawLines() {
        return new RawLineDecoder();
    }

    private static final class StringDecoder implements LineDecoder<String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String decode(Line line) {
            return line.toUtf8String();
        }

        @Override
        public TypeInformation<String> getProducedType() {
            return Types.STRING;
        }
    }

    private static final class RawLineDecoder implements LineDecoder<LogLine> {
        private static final long serialVersionUID = 1L;

        @Override
        public LogLine decode(Line line) {
            return new LogLine(
                    line.file().toString(), line.offset(), line.copyBytes(), line.terminator());
        }

        @Override
        public TypeInformation<LogLine> getProducedType() {
            return TypeInformation.of(LogLine.class);
        }
    }
}
