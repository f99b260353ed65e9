package dev.logslice.filter;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;

import java.util.BitSet;

/** HTTP status codes: classes ({@code 5xx}) and exact codes ({@code 404}). */
public final class StatusFilter implements EventFilter {
    private static final long serialVersionUID = 1L;
    private static final int MAX = 999;

    private final BitSet codes;

    private StatusFilter(BitSet codes) {
        this.codes = codes;
    }

    /**
     * Parses a comma-separated list like {@code 5xx}, {@code 404} or {@code 4xx,500}; the message
     * of the exception names the bad item.
     */
    public static StatusFilter parse(String list) {
        BitSet codes = new BitSet(MAX + 1);
        for (String item : list.split(",", -1)) {
            String code = item.strip();
            // Any status a log holds (HttpStatus): nginx's 000, and 600 to 999, as well.
            if (code.matches("[0-9][xX][xX]")) {
                int first = (code.charAt(0) - '0') * 100;
                codes.set(first, first + 100);
            } else if (code.matches("[0-9]{3}")) {
                codes.set(Integer.parseInt(code));
            } else {
                throw new IllegalArgumentException(
                        "'"
                                + item
                                + "' is no status: give a class (1xx to 5xx, or 0xx to 9xx) or a"
                                + " code of three digits, comma-separated, like 4xx,500");
            }
        }
        return new StatusFilter(codes);
    }

    @Override
    public Field field() {
        return Field.STATUS;
    }

    @Override
    public boolean matches(LogEvent event) {
        return event.hasValue(Field.STATUS) && codes.get(event.status());
    }
}
