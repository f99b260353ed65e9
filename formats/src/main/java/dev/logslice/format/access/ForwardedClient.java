package dev.logslice.format.access;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.layout.EventCheck;

import java.util.Map;

/**
 * Where a layout logs the X-Forwarded-For list instead of the peer ({@code %{X-Forwarded-For}i %l
 * %u ...}, {@code $http_x_forwarded_for - $remote_user ...}), its first address is the client: the
 * one the first proxy was asked by. A layout with a client of its own keeps it; the list stays in
 * {@code extra} as logged. Admits every event.
 */
final class ForwardedClient implements EventCheck {
    private static final long serialVersionUID = 1L;

    @Override
    public boolean admits(LogEvent event, ByteSpan scratch) {
        if (event.has(Field.CLIENT)) {
            return true;
        }
        for (Map.Entry<String, Object> entry : event.extra().entrySet()) {
            if (entry.getValue() instanceof String list && isForwardedFor(entry.getKey())) {
                int comma = list.indexOf(',');
                String first = (comma < 0 ? list : list.substring(0, comma)).strip();
                if (!first.isEmpty()) {
                    event.setString(Field.CLIENT, first);
                }
                return true;
            }
        }
        return true;
    }

    private static boolean isForwardedFor(String key) {
        return key.equalsIgnoreCase("X-Forwarded-For")
                || key.equals("http_x_forwarded_for")
                || key.equals("proxy_add_x_forwarded_for");
    }

    @Override
    public String refusal() {
        return "";
    }
}
