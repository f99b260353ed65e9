package dev.logslice.format.layout;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A compiled line layout: literals and captures in order, made by the pattern compilers (Apache
 * {@code LogFormat}, nginx {@code log_format}, Log4j/Logback {@code PatternLayout}).
 *
 * <p>A delimited capture must be followed by a literal, or be the last part, which takes the rest
 * of the line. A layout that allows trailing text matches lines that go on after its last part
 * (access logs with fields appended); otherwise only whitespace may follow.
 */
public final class Layout implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final LayoutPart[] parts;
    private final Capture[] captures;

    /** Index in {@link #captures} of each part, -1 for literals. */
    private final int[] captureIndex;

    private final boolean allowsTrailing;

    private Layout(String source, List<LayoutPart> parts, boolean allowsTrailing) {
        this.source = source;
        this.parts = parts.toArray(new LayoutPart[0]);
        this.captureIndex = new int[parts.size()];
        List<Capture> found = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            LayoutPart part = parts.get(i);
            captureIndex[i] = part instanceof Capture ? found.size() : -1;
            if (part instanceof Capture) {
                Capture capture = (Capture) part;
                boolean last = i == parts.size() - 1;
                if (capture.shape.isDelimited()
                        && !last
                        && !(parts.get(i + 1) instanceof Literal)) {
                    throw new IllegalArgumentException(
                            "in layout '"
                                    + source
                                    + "', the field "
                                    + capture
                                    + " needs text after it to know where it ends");
                }
                found.add(capture);
            }
        }
        this.captures = found.toArray(new Capture[0]);
        this.allowsTrailing = allowsTrailing;
    }

    public static Builder builder(String source) {
        return new Builder(source);
    }

    /** The pattern this layout was compiled from. */
    public String source() {
        return source;
    }

    LayoutPart[] parts() {
        return parts;
    }

    Capture[] captures() {
        return captures;
    }

    int captureIndex(int part) {
        return captureIndex[part];
    }

    boolean allowsTrailing() {
        return allowsTrailing;
    }

    @Override
    public String toString() {
        return source;
    }

    /** Collects parts, joining adjacent literals. */
    public static final class Builder {
        private final String source;
        private final List<LayoutPart> parts = new ArrayList<>();
        private final StringBuilder pendingLiteral = new StringBuilder();

        private Builder(String source) {
            this.source = source;
        }

        public Builder literal(String text) {
            pendingLiteral.append(text);
            return this;
        }

        /** Text whose spaces match one space each, unlike {@link #literal}'s. */
        public Builder exactLiteral(String text) {
            flushLiteral();
            parts.add(new Literal(text, true));
            return this;
        }

        public Builder capture(Capture capture) {
            flushLiteral();
            parts.add(capture);
            return this;
        }

        /** Whether the layout has any capture yet. */
        public boolean isEmpty() {
            return parts.isEmpty() && pendingLiteral.length() == 0;
        }

        /** The layout; {@code allowTrailing} lets lines go on after its last part. */
        public Layout build(boolean allowTrailing) {
            flushLiteral();
            if (parts.isEmpty()) {
                throw new IllegalArgumentException("empty layout '" + source + "'");
            }
            return new Layout(source, parts, allowTrailing);
        }

        private void flushLiteral() {
            if (pendingLiteral.length() > 0) {
                parts.add(new Literal(pendingLiteral.toString()));
                pendingLiteral.setLength(0);
            }
        }
    }
}
