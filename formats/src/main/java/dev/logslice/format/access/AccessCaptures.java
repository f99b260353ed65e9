package dev.logslice.format.access;

import dev.logslice.format.Field;
import dev.logslice.format.layout.Binding;
import dev.logslice.format.layout.Capture;
import dev.logslice.format.layout.Shape;
import dev.logslice.format.time.TimestampPattern;

/** The captures access log fields compile to, shared by the Apache and nginx compilers. */
final class AccessCaptures {
    /**
     * Apache's {@code %t} without its brackets and nginx's {@code $time_local}; also with a
     * fraction of a second, as Apache's {@code [%{%d/%b/%Y:%T}t.%{msec_frac}t %{%z}t]} writes it
     * (the fraction is optional, so the usual time reads as before).
     */
    static final TimestampPattern LOCAL_TIME = TimestampPattern.of("dd/MMM/yyyy:HH:mm:ss.SSS Z");

    private AccessCaptures() {}

    /** A client address: never a list, so an X-Forwarded-For list in its place is malformed. */
    static Capture client() {
        return Capture.string(Field.CLIENT, Shape.ADDRESS);
    }

    /**
     * A user name. Basic authentication lets one hold spaces, but then no line could tell it from
     * the fields around it: such a line is malformed rather than a user swallowing a neighbour.
     */
    static Capture user() {
        return Capture.string(Field.USER, Shape.TOKEN).dashIsNull();
    }

    /** A list of addresses, as {@code X-Forwarded-For} holds it, in {@code extra}. */
    static Capture addressList(String key) {
        return Capture.extra(key, Shape.ADDRESS_LIST).dashIsNull();
    }

    static Capture localTime() {
        return Capture.timestamp(LOCAL_TIME, null);
    }

    static Capture requestLine() {
        return Capture.converted(Binding.REQUEST_LINE, Shape.TEXT);
    }

    static Capture status() {
        return Capture.converted(Binding.STATUS, Shape.STATUS);
    }

    static Capture bytes() {
        return Capture.converted(Binding.BYTES, Shape.DIGITS_OR_DASH);
    }

    /** A request time in a unit ({@link Binding#SECONDS}, MILLIS or MICROS). */
    static Capture requestTime(Binding unit) {
        return Capture.converted(unit, Shape.DECIMAL_OR_DASH);
    }

    static Capture header(Field field) {
        return Capture.string(field, Shape.TEXT).dashIsNull();
    }

    static Capture string(Field field) {
        return Capture.string(field, Shape.TOKEN).dashIsNull();
    }

    /** Any other field, kept in {@code extra} under its name in the format. */
    static Capture extra(String key) {
        return Capture.extra(key, Shape.TEXT).dashIsNull();
    }
}
