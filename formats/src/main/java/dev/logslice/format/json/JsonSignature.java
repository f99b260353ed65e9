package dev.logslice.format.json;

import java.io.Serializable;
import java.util.BitSet;
import java.util.List;

/**
 * The keys that tell one JSON log family from another (Bunyan's {@code v}, GELF's {@code
 * short_message}...): all of {@link #required}, and one of {@link #anyOf} when it is not empty (as
 * a key or a key prefix, like {@code logging.googleapis.com/}). Keys are flattened, dotted.
 */
final class JsonSignature implements Serializable {
    private static final long serialVersionUID = 1L;
    static final JsonSignature NONE = new JsonSignature(List.of(), List.of());

    private final List<String> required;
    private final List<String> anyOf;

    private JsonSignature(List<String> required, List<String> anyOf) {
        this.required = List.copyOf(required);
        this.anyOf = List.copyOf(anyOf);
    }

    static JsonSignature of(List<String> required, List<String> anyOf) {
        return new JsonSignature(required, anyOf);
    }

    boolean isNone() {
        return required.isEmpty() && anyOf.isEmpty();
    }

    /** A fresh check for one line. */
    Check check() {
        return new Check();
    }

    /** The keys of one line seen so far, and whether they satisfy the signature. */
    final class Check {
        private final BitSet seen = new BitSet();
        private boolean anySeen;

        void reset() {
            seen.clear();
            anySeen = anyOf.isEmpty();
        }

        void see(String key) {
            int index = required.indexOf(key);
            if (index >= 0) {
                seen.set(index);
            }
            if (!anySeen) {
                for (String prefix : anyOf) {
                    anySeen |= key.startsWith(prefix);
                }
            }
        }

        boolean satisfied() {
            return anySeen && seen.cardinality() == required.size();
        }

        /** What the line lacks, for the malformed line's reason. */
        String missing() {
            StringBuilder lacking = new StringBuilder();
            for (int i = 0; i < required.size(); i++) {
                if (!seen.get(i)) {
                    lacking.append(lacking.length() == 0 ? "" : ", ").append(required.get(i));
                }
            }
            if (!anySeen) {
                lacking.append(lacking.length() == 0 ? "" : ", ").append("one of ").append(anyOf);
            }
            return lacking.toString();
        }
    }
}
