package dev.logslice.deploy;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What Linux's {@code /proc} tells about processes: whether one still runs or ignores SIGINT, and
 * the TCP ports they listen on (a process's socket inodes in {@code /proc/PID/fd} matched with the
 * listening sockets of {@code /proc/net/tcp} and {@code tcp6}).
 */
final class ProcFs {
    private static final String LISTEN = "0A";
    private static final List<Path> TABLES =
            List.of(Paths.get("/proc/net/tcp"), Paths.get("/proc/net/tcp6"));

    private ProcFs() {}

    /**
     * Whether {@code pid} still runs. A process that has exited but that its parent (here: init,
     * for the daemons cluster.sh starts) has not reaped yet is a zombie and does not run.
     */
    static boolean running(long pid) throws IOException {
        String stat;
        try {
            stat = Files.readString(Paths.get("/proc/" + pid, "stat"));
        } catch (NoSuchFileException gone) {
            return false;
        }
        // pid (comm) state ...: comm may hold spaces and parentheses, the state follows the last.
        return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
    }

    /** Whether {@code pid} ignores SIGINT (signal 2): bit 1 of its {@code SigIgn} mask. */
    static boolean ignoresSigint(long pid) throws IOException {
        for (String line : Files.readAllLines(Paths.get("/proc/" + pid, "status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).strip(), 16) & 0x2) != 0;
            }
        }
        throw new IOException("no SigIgn in /proc/" + pid + "/status");
    }

    /** Ports on which {@code pid} listens. */
    static Set<Integer> listeningPortsOf(long pid) throws IOException {
        Map<String, Integer> listening = listeningPortsByInode();
        Set<Integer> ports = new TreeSet<>();
        try (DirectoryStream<Path> fds =
                Files.newDirectoryStream(Paths.get("/proc/" + pid, "fd"))) {
            for (Path fd : fds) {
                String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (NoSuchFileException closedMeanwhile) {
                    continue;
                }
                if (target.startsWith("socket:[")) {
                    Integer port = listening.get(target.substring(8, target.length() - 1));
                    if (port != null) {
                        ports.add(port);
                    }
                }
            }
        }
        return ports;
    }

    /** Every port some process on this machine listens on. */
    static Set<Integer> allListeningPorts() throws IOException {
        return new TreeSet<>(listeningPortsByInode().values());
    }

    private static Map<String, Integer> listeningPortsByInode() throws IOException {
        Map<String, Integer> ports = new HashMap<>();
        for (Path table : TABLES) {
            List<String> lines = Files.readAllLines(table);
            for (String line : lines.subList(1, lines.size())) {
                // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                String[] fields = line.trim().split("\\s+");
                if (fields[3].equals(LISTEN)) {
                    String local = fields[1];
                    int port = Integer.parseInt(local.substring(local.indexOf(':') + 1), 16);
                    ports.put(fields[9], port);
                }
            }
        }
        return ports;
    }
}
