package dev.logslice.cli;

import picocli.CommandLine;

import java.time.DateTimeException;
import java.time.ZoneId;

/** Reads a time zone such as {@code Europe/Paris}, {@code UTC} or {@code +01:00}. */
final class ZoneConverter implements CommandLine.ITypeConverter<ZoneId> {
    @Override
    public ZoneId convert(String value) {
        try {
            return ZoneId.of(value);
        } catch (DateTimeException e) {
            throw new CommandLine.TypeConversionException(
                    "'"
                            + value
                            + "' is not a time zone: give a region (Europe/Paris, America/New_York),"
                            + " UTC, or an offset (+01:00, -05:00)");
        }
    }
}
