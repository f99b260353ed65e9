package dev.logslice.format.registry;

/** Thrown for a format name the registry does not know; the message lists the known ones. */
public final class UnknownFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    UnknownFormatException(String message) {
        super(message);
    }
}
