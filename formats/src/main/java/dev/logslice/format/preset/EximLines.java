package dev.logslice.format.preset;

import dev.logslice.format.ByteSpan;
import dev.logslice.format.Bytes;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.layout.EventCheck;

import java.util.List;
import java.util.Set;

/**
 * Admits Exim's mainlog lines: a message id of Exim's shape ({@code 1rAbCd-000123-AB}, 4.97's
 * {@code 1rAbCd-00000000123-ABCD}) with one of its flags or none, or, for a line about no message,
 * one of the openings Exim writes ({@code H=}, {@code SMTP connection from}, {@code Start queue
 * run}...): a time then any text is no Exim line, or every log with such a time would be one. Reads
 * the client of {@code H=host [address]} and the size of {@code S=}.
 */
final class EximLines implements EventCheck {
    private static final long serialVersionUID = 1L;

    /** Arrival, delivery, additional address, cutthrough, failure, deferral, suppressed. */
    private static final Set<String> FLAGS = Set.of("<=", "=>", "->", ">>", "*>", "**", "==");

    private static final List<String> OPENINGS =
            List.of(
                    "H=",
                    "SMTP ",
                    "Start queue run",
                    "End queue run",
                    "exim ",
                    "no host name found",
                    "no IP address found",
                    "TLS error",
                    "Connection from",
                    "rejected ",
                    "unexpected disconnection",
                    "login authenticator failed",
                    "plain authenticator failed",
                    "cwd=",
                    "U=",
                    "Warning: ",
                    "Tidying");

    @Override
    public boolean admits(LogEvent event, ByteSpan message) {
        Object id = event.extra().get("messageId");
        Object flag = event.extra().get("flag");
        if (id == null ? !opensAsExim(event, message) : !isMessageId(id.toString())) {
            return false;
        }
        if (flag != null && !FLAGS.contains(flag.toString())) {
            return false;
        }
        if (event.span(Field.MESSAGE, message)) {
            readClientAndSize(
                    event,
                    message.bytes(),
                    message.start(),
                    message.end(),
                    flag != null && !isFailure(flag.toString()));
        }
        return true;
    }

    private static boolean opensAsExim(LogEvent event, ByteSpan message) {
        if (!event.span(Field.MESSAGE, message)) {
            return false;
        }
        for (String opening : OPENINGS) {
            if (Bytes.startsWith(message.bytes(), message.start(), message.end(), opening)) {
                return true;
            }
        }
        return false;
    }

    /** Six base-62 characters, then six (or eleven, 4.97 on) and two (or four). */
    static boolean isMessageId(String id) {
        String[] parts = id.split("-", -1);
        return parts.length == 3
                && parts[0].length() == 6
                && (parts[1].length() == 6 && parts[2].length() == 2
                        || parts[1].length() == 11 && parts[2].length() == 4)
                && id.chars().allMatch(c -> c == '-' || Character.isLetterOrDigit(c) && c < 0x80);
    }

    /** A failure or deferral, whose line ends with a remote server's words, which may hold "S=". */
    private static boolean isFailure(String flag) {
        return flag.equals("**") || flag.equals("==");
    }

    /**
     * {@code H=name (helo) [address]:port}: the address; {@code S=1234}, where {@code sized} (an
     * arrival or a delivery): the size in bytes.
     */
    private static void readClientAndSize(
            LogEvent event, byte[] b, int start, int end, boolean sized) {
        int host = pairValue(b, start, end, "H=");
        // The first [address] of H='s value: a HELO name in brackets is no address.
        for (int open = host < 0 ? -1 : Bytes.indexOf(b, host, end, (byte) '[');
                open >= 0 && !pairBetween(b, host, open);
                open = Bytes.indexOf(b, open + 1, end, (byte) '[')) {
            int close = Bytes.indexOf(b, open, end, (byte) ']');
            if (close > open + 1 && isAddress(b, open + 1, close)) {
                event.setString(Field.CLIENT, Bytes.text(b, open + 1, close));
                break;
            }
        }
        int size = sized ? pairValue(b, start, end, "S=") : -1;
        if (size >= 0) {
            int digits = Bytes.tokenEnd(b, size, end);
            if (Bytes.isNumber(b, size, digits)) {
                event.setBytes(Bytes.number(b, size, digits));
            }
        }
    }

    /** Where the value of {@code key} starts: at the message's start or after a space; or -1. */
    private static int pairValue(byte[] b, int start, int end, String key) {
        for (int i = start; i + key.length() <= end; i++) {
            if ((i == start || b[i - 1] == ' ') && Bytes.startsWith(b, i, end, key)) {
                return i + key.length();
            }
        }
        return -1;
    }

    /** Whether a {@code KEY=} pair, past {@code H=}'s value, starts in {@code b[from, to)}. */
    private static boolean pairBetween(byte[] b, int from, int to) {
        for (int i = from + 1; i + 1 < to; i++) {
            if (b[i - 1] == ' ' && b[i] >= 'A' && b[i] <= 'Z' && b[i + 1] == '=') {
                return true;
            }
        }
        return false;
    }

    private static boolean isAddress(byte[] b, int start, int end) {
        for (int i = start; i < end; i++) {
            byte c = b[i];
            if (!(Bytes.isDigit(c)
                    || c == '.'
                    || c == ':'
                    || (c >= 'a' && c <= 'f')
                    || (c >= 'A' && c <= 'F'))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String refusal() {
        return "no Exim message id and flag, nor a line Exim writes about no message";
    }
}
