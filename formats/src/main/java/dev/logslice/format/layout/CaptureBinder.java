package dev.logslice.format.layout;

import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.time.TimestampValue;

/** Puts a matched capture's value into an event, converting numbers without a String. */
final class CaptureBinder {
    private CaptureBinder() {}

    static void bind(
            Capture capture, LogEvent event, byte[] b, int start, int end, TimestampValue time) {
        boolean dash = end - start == 1 && b[start] == '-';
        // A field left empty says none as a dash does (RDS's PostgreSQL prefix '::@:' of a
        // background process): no empty user.
        boolean none =
                capture.dashIsNull
                        ? dash || end == start
                        : dash && capture.shape == Shape.DIGITS_OR_DASH;
        if (none) {
            bindNull(capture, event);
            return;
        }
        switch (capture.binding) {
            case STRING:
                event.setSpan(capture.field, start, end);
                break;
            case STATUS:
                event.setInteger(Field.STATUS, Bytes.number(b, start, end));
                break;
            case BYTES:
                event.setInteger(Field.BYTES, Bytes.number(b, start, end));
                break;
            case PID:
                event.setInteger(Field.PID, Bytes.number(b, start, end));
                break;
            case SECONDS:
            case MILLIS:
            case MICROS:
                if (dash) {
                    event.setNull(Field.REQUEST_TIME);
                } else {
                    event.setRequestTime(seconds(capture.binding, b, start, end));
                }
                break;
            case TIMESTAMP:
                event.setTimestamp(time.epochSecond, time.nanos, time.offsetSeconds);
                break;
            case REQUEST_LINE:
                RequestLine.bind(event, b, start, end);
                break;
            case EXTRA:
                if (end > start) {
                    event.putExtra(capture.extraKey, extraValue(capture, b, start, end));
                }
                break;
            default:
                break;
        }
    }

    private static void bindNull(Capture capture, LogEvent event) {
        switch (capture.binding) {
            case STRING:
                event.setNull(capture.field);
                break;
            case BYTES:
                event.setNull(Field.BYTES);
                break;
            case SECONDS:
            case MILLIS:
            case MICROS:
                event.setNull(Field.REQUEST_TIME);
                break;
            case EXTRA:
                event.putExtra(capture.extraKey, null);
                break;
            default:
                break;
        }
    }

    private static Object extraValue(Capture capture, byte[] b, int start, int end) {
        if (capture.shape == Shape.DIGITS || capture.shape == Shape.DIGITS_OR_DASH) {
            return Bytes.number(b, start, end);
        }
        return Bytes.text(b, start, end);
    }

    private static double seconds(Binding unit, byte[] b, int start, int end) {
        double value = Bytes.decimal(b, start, end);
        return unit == Binding.MICROS ? value / 1e6 : unit == Binding.MILLIS ? value / 1e3 : value;
    }
}
