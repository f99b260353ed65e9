package dev.logslice.cli;

import org.apache.flink.configuration.MemorySize;

import picocli.CommandLine;

/** Reads sizes such as {@code 4096}, {@code 64k}, {@code 1m}, {@code 1g}. */
final class SizeConverter implements CommandLine.ITypeConverter<MemorySize> {
    @Override
    public MemorySize convert(String value) {
        try {
            return MemorySize.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(
                    "'"
                            + value
                            + "' is not a size: give bytes, or a number with k, m or g (4096,"
                            + " 64k, 1m, 1g)");
        }
    }
}
