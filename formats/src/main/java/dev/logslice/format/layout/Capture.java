package dev.logslice.format.layout;

import dev.logslice.format.Field;
import dev.logslice.format.time.TimestampPattern;

import javax.annotation.Nullable;

import java.time.ZoneId;

/**
 * A field of a {@link Layout}: how far it reaches ({@link Shape}), where it goes ({@link Binding})
 * and how to read it. Immutable; the {@code with} methods return modified copies.
 */
public final class Capture implements LayoutPart {
    private static final long serialVersionUID = 1L;

    final Shape shape;
    final Binding binding;
    @Nullable final Field field;
    @Nullable final String extraKey;
    @Nullable final TimestampPattern timestamp;
    @Nullable final ZoneId zone;
    final int maxWidth;

    /** Bytes a padded value fills at least, padding included (0: no minimum). */
    final int minWidth;

    /**
     * Bytes a left-justified value fills with the spaces after it (0: none): they are no blank of
     * the literal after it, which a value left empty would need.
     */
    final int paddedAfterTo;

    final boolean trim;
    final boolean dashIsNull;

    private Capture(
            Shape shape,
            Binding binding,
            @Nullable Field field,
            @Nullable String extraKey,
            @Nullable TimestampPattern timestamp,
            @Nullable ZoneId zone,
            int maxWidth,
            int minWidth,
            int paddedAfterTo,
            boolean trim,
            boolean dashIsNull) {
        this.shape = shape;
        this.binding = binding;
        this.field = field;
        this.extraKey = extraKey;
        this.timestamp = timestamp;
        this.zone = zone;
        this.maxWidth = maxWidth;
        this.minWidth = minWidth;
        this.paddedAfterTo = paddedAfterTo;
        this.trim = trim;
        this.dashIsNull = dashIsNull;
    }

    private static Capture of(
            Shape shape, Binding binding, @Nullable Field field, @Nullable String extraKey) {
        return new Capture(
                shape, binding, field, extraKey, null, null, Integer.MAX_VALUE, 0, 0, false, false);
    }

    /** A string field. */
    public static Capture string(Field field, Shape shape) {
        return of(shape, Binding.STRING, field, null);
    }

    /** A converted field: status, bytes, pid, request time or request line. */
    public static Capture converted(Binding binding, Shape shape) {
        return of(shape, binding, null, null);
    }

    /** An entry of the extra map. */
    public static Capture extra(String key, Shape shape) {
        return of(shape, Binding.EXTRA, null, key);
    }

    /** Text that is matched and dropped. */
    public static Capture ignored(Shape shape) {
        return of(shape, Binding.IGNORE, null, null);
    }

    /** The timestamp, in a pattern; its zone (when not null) overrides the parser's. */
    public static Capture timestamp(TimestampPattern pattern, @Nullable ZoneId zone) {
        return new Capture(
                Shape.TIMESTAMP,
                Binding.TIMESTAMP,
                Field.TIMESTAMP,
                null,
                pattern,
                zone,
                Integer.MAX_VALUE,
                0,
                0,
                false,
                false);
    }

    /** The same capture with values longer than {@code width} bytes rejected. */
    public Capture withMaxWidth(int width) {
        return copy(width, minWidth, paddedAfterTo, trim, dashIsNull);
    }

    /**
     * The same capture trimmed, with values that fill fewer than {@code width} bytes with their
     * padding rejected: a field padded to 15 is never the 5-byte text beside it.
     */
    public Capture padded(int width) {
        return copy(maxWidth, width, paddedAfterTo, true, dashIsNull);
    }

    /** The same capture, left-justified to {@code width} bytes by the spaces after it. */
    public Capture paddedAfterTo(int width) {
        return copy(maxWidth, minWidth, width, trim, dashIsNull);
    }

    /** The same capture with padding spaces removed from its value. */
    public Capture trimmed() {
        return copy(maxWidth, minWidth, paddedAfterTo, true, dashIsNull);
    }

    /** The same capture with a lone {@code -} read as null, as access logs write "none". */
    public Capture dashIsNull() {
        return copy(maxWidth, minWidth, paddedAfterTo, trim, true);
    }

    private Capture copy(
            int maxWidth, int minWidth, int paddedAfterTo, boolean trim, boolean dashIsNull) {
        return new Capture(
                shape,
                binding,
                field,
                extraKey,
                timestamp,
                zone,
                maxWidth,
                minWidth,
                paddedAfterTo,
                trim,
                dashIsNull);
    }

    public Shape shape() {
        return shape;
    }

    public Binding binding() {
        return binding;
    }

    @Nullable
    public Field field() {
        return field;
    }

    @Nullable
    public String extraKey() {
        return extraKey;
    }

    @Override
    public String toString() {
        String target = field != null ? field.jsonName() : extraKey != null ? extraKey : "";
        return binding + "(" + target + ")";
    }
}
