package dev.logslice.cli;

import picocli.CommandLine;

/** The REST endpoint of a Flink session cluster, {@code HOST:PORT}. */
record ClusterAddress(String host, int port) {

    @Override
    public String toString() {
        return host + ":" + port;
    }

    /** Reads {@code HOST:PORT} from the command line. */
    static final class Converter implements CommandLine.ITypeConverter<ClusterAddress> {
        @Override
        public ClusterAddress convert(String value) {
            int colon = value.lastIndexOf(':');
            if (colon > 0) {
                try {
                    int port = Integer.parseInt(value.substring(colon + 1));
                    if (port > 0 && port < 65536) {
                        return new ClusterAddress(value.substring(0, colon), port);
                    }
                } catch (NumberFormatException e) {
                    // reported below with the expected form
                }
            }
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not HOST:PORT (example: localhost:8081)");
        }
    }
}
