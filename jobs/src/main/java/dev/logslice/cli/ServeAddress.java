package dev.logslice.cli;

import picocli.CommandLine;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * Where {@code --serve [HOST:]PORT} listens: on loopback (127.0.0.1) unless a HOST is given, a name
 * or an address ({@code [::1]} for IPv6); port 0 for any free one.
 */
record ServeAddress(String host, InetSocketAddress socket) {

    /** Whether the address is a wildcard (0.0.0.0, ::), reached by any of the machine's names. */
    boolean isWildcard() {
        return socket.getAddress().isAnyLocalAddress();
    }

    @Override
    public String toString() {
        return host + ":" + socket.getPort();
    }

    /** Reads {@code [HOST:]PORT} from the command line. */
    static final class Converter implements CommandLine.ITypeConverter<ServeAddress> {
        @Override
        public ServeAddress convert(String value) {
            int colon = value.lastIndexOf(':');
            String host = colon < 0 ? "127.0.0.1" : value.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            int port = port(value, value.substring(colon + 1));
            if (host.isEmpty()) {
                throw new CommandLine.TypeConversionException(
                        "'"
                                + value
                                + "' has no host before its ':' (examples: 8080, 0, localhost:8080)");
            }
            try {
                return new ServeAddress(
                        host, new InetSocketAddress(InetAddress.getByName(host), port));
            } catch (UnknownHostException e) {
                throw new CommandLine.TypeConversionException(
                        "'" + value + "': no address for host '" + host + "'");
            }
        }

        private static int port(String value, String port) {
            try {
                int number = Integer.parseInt(port);
                if (number >= 0 && number < 65536) {
                    return number;
                }
            } catch (NumberFormatException e) {
                // reported below with the expected form
            }
            throw new CommandLine.TypeConversionException(
                    "'"
                            + value
                            + "' is not [HOST:]PORT with a port from 0 (any free one) to 65535"
                            + " (examples: 8080, 0, localhost:8080, [::1]:8080)");
        }
    }
}
