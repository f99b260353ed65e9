package dev.logslice.format.json;

import dev.logslice.format.AnsiEscapes;
import dev.logslice.format.Field;
import dev.logslice.format.HttpStatus;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.layout.RequestLine;
import dev.logslice.format.time.FlexibleTimestamps;
import dev.logslice.format.time.LocalTimeResolver;
import dev.logslice.format.time.TimestampValue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonStringEncoder;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * Parses one JSON object per line with Jackson's streaming parser: mapped keys fill event fields
 * (the most preferred key wins), the others go to {@code extra}; nested objects are flattened to
 * dotted keys and arrays kept as JSON text. Numeric levels get their names ({@link JsonLevels}); a
 * message loses the line end Docker keeps in it, and in Docker's lines one without it is marked
 * {@linkplain LogEvent#setUnfinishedLine unfinished}. In journald's lines an array of numbers 0-255
 * is the bytes of a value (journalctl writes so what is not valid UTF-8 or holds controls).
 */
final class JsonLinesParser implements LogParser {
    private static final JsonFactory JSON = new JsonFactory();
    private static final Pattern SOURCE_PLACE =
            Pattern.compile("\\[Source: [^\\]]*; line: \\d+, column: (\\d+)]");

    private final JsonFieldMapping mapping;
    @Nullable private final JsonSignature.Check signature;
    private final boolean cutWithoutLineEnd;
    private final boolean byteArrays;
    private final LocalTimeResolver time;
    private final TimestampValue timestamp = new TimestampValue();

    /** Rank of the key that set each field on the current line. */
    private final int[] setByRank = new int[Field.values().length];

    /** The key that set each field on the current line. */
    private final String[] setByKey = new String[Field.values().length];

    private String failure = "";

    JsonLinesParser(
            JsonFieldMapping mapping,
            JsonSignature signature,
            boolean cutWithoutLineEnd,
            boolean byteArrays,
            ParserContext context) {
        this.mapping = mapping;
        this.signature = signature.isNone() ? null : signature.check();
        this.cutWithoutLineEnd = cutWithoutLineEnd;
        this.byteArrays = byteArrays;
        this.time = new LocalTimeResolver(context);
    }

    @Nullable
    @Override
    public LogEvent tryParse(byte[] b, int start, int length, String file, long offset) {
        try (JsonParser json = JSON.createParser(b, start, length)) {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                failure = "not a JSON object";
                return null;
            }
            LogEvent event = LogEvent.withoutText(file, offset);
            Arrays.fill(setByRank, Integer.MAX_VALUE);
            Arrays.fill(setByKey, null);
            if (signature != null) {
                signature.reset();
            }
            readObject(json, event, "", b, start);
            if (json.nextToken() != null) {
                failure = "text after the JSON object";
                return null;
            }
            if (signature != null && !signature.satisfied()) {
                failure = "a JSON object without the keys " + signature.missing();
                return null;
            }
            if (!event.has(Field.METHOD) && !event.has(Field.PATH)) {
                splitRequestLine(event);
            }
            return event;
        } catch (IOException e) {
            failure = "invalid JSON: " + jsonError(e);
            return null;
        }
    }

    /**
     * Jackson's message for a line, its places by column: its source, always the line, is no news
     * ("[Source: REDACTED ...; line: 1, column: 7]" says "column 7").
     */
    private static String jsonError(IOException e) {
        String message =
                e instanceof JsonProcessingException processing
                                && processing.getOriginalMessage() != null
                        ? processing.getOriginalMessage()
                        : String.valueOf(e.getMessage());
        String reason =
                SOURCE_PLACE
                        .matcher(message.lines().findFirst().orElse(""))
                        .replaceAll("column $1");
        if (e instanceof JsonProcessingException processing
                && processing.getLocation() != null
                && processing.getLocation().getColumnNr() > 0) {
            reason += " at column " + processing.getLocation().getColumnNr();
        }
        return reason;
    }

    /**
     * nginx's JSON logs name {@code $request}, the whole request line ({@code "request": "GET
     * /cart?id=7 HTTP/1.1"}): where no key gave the method or path, it is split as combined's is.
     */
    private static void splitRequestLine(LogEvent event) {
        Object request = event.removeExtra("request");
        if (request instanceof String line && !RequestLine.bindText(event, line)) {
            event.putExtra("request", line);
        }
    }

    private void readObject(JsonParser json, LogEvent event, String prefix, byte[] b, int start)
            throws IOException {
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String key = prefix + json.currentName();
            JsonToken value = json.nextToken();
            if (signature != null) {
                signature.see(key);
            }
            if (value == JsonToken.START_OBJECT) {
                readObject(json, event, key + ".", b, start);
            } else if (value == JsonToken.START_ARRAY) {
                int arrayStart = (int) json.currentTokenLocation().getByteOffset();
                json.skipChildren();
                int arrayEnd = (int) json.currentLocation().getByteOffset();
                byte[] text =
                        byteArrays
                                ? ByteArrays.bytesOf(b, start + arrayStart, start + arrayEnd)
                                : null;
                String single =
                        text == null && mapsToString(key)
                                ? singleString(b, start + arrayStart, arrayEnd - arrayStart)
                                : null;
                if (text != null) {
                    readScalar(stringValue(text), event, key);
                } else if (single != null) {
                    readScalar(stringValue(single.getBytes(StandardCharsets.UTF_8)), event, key);
                } else {
                    event.putExtra(
                            key,
                            new String(
                                    b,
                                    start + arrayStart,
                                    arrayEnd - arrayStart,
                                    StandardCharsets.UTF_8));
                }
            } else {
                readScalar(json, event, key);
            }
        }
    }

    private boolean mapsToString(String key) {
        Field field = mapping.fieldOf(key);
        return field != null && field.kind() == Field.Kind.STRING;
    }

    /**
     * The string of an array of one string (Caddy's headers: {@code "User-Agent":["curl/8"]}), or
     * null.
     */
    @Nullable
    private static String singleString(byte[] b, int start, int length) throws IOException {
        try (JsonParser array = JSON.createParser(b, start, length)) {
            if (array.nextToken() != JsonToken.START_ARRAY
                    || array.nextToken() != JsonToken.VALUE_STRING) {
                return null;
            }
            String value = array.getText();
            return array.nextToken() == JsonToken.END_ARRAY ? value : null;
        }
    }

    /**
     * A parser at a JSON string of the bytes' text (without their colours: they are why journald
     * wrote bytes), for the rules of {@link #readScalar}.
     */
    private static JsonParser stringValue(byte[] bytes) throws IOException {
        String text = new String(AnsiEscapes.strip(bytes), StandardCharsets.UTF_8);
        JsonParser value =
                JSON.createParser(
                        "\""
                                + new String(JsonStringEncoder.getInstance().quoteAsString(text))
                                + "\"");
        value.nextToken();
        return value;
    }

    private void readScalar(JsonParser json, LogEvent event, String key) throws IOException {
        Field field = mapping.fieldOf(key);
        if (field != null && mapping.rankOf(key) < setByRank[field.ordinal()]) {
            String displacedKey = setByKey[field.ordinal()];
            Object displaced = displacedKey == null ? null : valueOf(event, field);
            if (setField(json, event, field)) {
                setByRank[field.ordinal()] = mapping.rankOf(key);
                setByKey[field.ordinal()] = key;
                if (displacedKey != null) {
                    event.putExtra(displacedKey, displaced);
                }
                return;
            }
        }
        event.putExtra(key, scalar(json));
    }

    /** A field's value as an extra entry holds it. */
    @Nullable
    private static Object valueOf(LogEvent event, Field field) {
        return field == Field.TIMESTAMP ? event.timestampText() : event.value(field);
    }

    /** Sets a field from the current value; false when the value does not fit the field. */
    private boolean setField(JsonParser json, LogEvent event, Field field) throws IOException {
        JsonToken token = json.currentToken();
        if (token == JsonToken.VALUE_NULL) {
            event.setNull(field);
            return true;
        }
        switch (field.kind()) {
            case STRING:
                String value = json.getText();
                if (field == Field.USER && (value.isEmpty() || value.equals("-"))) {
                    // How access logs say none: Caddy's "", Traefik's and nginx's "-".
                    event.setNull(field);
                    return true;
                }
                if (field == Field.MESSAGE && cutWithoutLineEnd) {
                    event.setUnfinishedLine(!value.endsWith("\n"));
                }
                event.setString(field, text(value, field));
                return true;
            case TIMESTAMP:
                byte[] text = json.getText().getBytes(StandardCharsets.UTF_8);
                if (!FlexibleTimestamps.parse(text, 0, text.length, time, timestamp)) {
                    return false;
                }
                event.setTimestamp(timestamp.epochSecond, timestamp.nanos, timestamp.offsetSeconds);
                return true;
            case DECIMAL:
                Double seconds = number(json);
                if (seconds == null) {
                    return false;
                }
                event.setRequestTime(seconds * mapping.secondsPerRequestTimeUnit());
                return true;
            default:
                return setInteger(json, event, field);
        }
    }

    /** A string field's value: a numeric level by its name, a message without its line end. */
    private String text(String text, Field field) {
        if (field == Field.LEVEL) {
            String name = mapping.levelName(text);
            return name == null ? text : name;
        }
        if (field == Field.MESSAGE && text.endsWith("\n")) {
            return text.substring(0, text.length() - (text.endsWith("\r\n") ? 2 : 1));
        }
        return text;
    }

    private static boolean setInteger(JsonParser json, LogEvent event, Field field)
            throws IOException {
        if (field == Field.BYTES && "-".equals(json.getText())) {
            event.setNull(Field.BYTES);
            return true;
        }
        Double value = number(json);
        if (value == null
                || value != Math.rint(value)
                || Math.abs(value) > 1e15
                || (field == Field.STATUS && !HttpStatus.isStatus(value.longValue()))) {
            return false;
        }
        event.setInteger(field, value.longValue());
        return true;
    }

    /** A number, or a string holding one; else null. */
    @Nullable
    private static Double number(JsonParser json) throws IOException {
        try {
            double value =
                    json.currentToken().isNumeric()
                            ? json.getDoubleValue()
                            : Double.parseDouble(json.getText().trim());
            return Double.isFinite(value) ? value : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Nullable
    private static Object scalar(JsonParser json) throws IOException {
        switch (json.currentToken()) {
            case VALUE_NUMBER_INT:
                return json.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        ? json.getText()
                        : Long.valueOf(json.getLongValue());
            case VALUE_NUMBER_FLOAT:
                // 1e400 is past a double: its text, not "Infinity".
                double value = json.getDoubleValue();
                return Double.isFinite(value) ? value : json.getText();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                return json.getText();
        }
    }

    @Override
    public String failureReason() {
        return failure;
    }
}
