package dev.logslice.cli;

import org.apache.flink.util.function.SerializableFunction;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * File names as GNU grep writes them: as given on the command line, a directory's files under the
 * directory as given, standard input as {@code (standard input)}, a pipe by the name given.
 */
final class GrepFileNames {
    private GrepFileNames() {}

    /**
     * Whether the inputs may be several files, when GNU grep names each line's file: more than one
     * path, a directory (as {@code grep -r}) or a glob.
     */
    static boolean several(List<String> paths) {
        if (paths.size() > 1) {
            return true;
        }
        String path = paths.get(0);
        return path.chars().anyMatch(c -> c == '*' || c == '?' || c == '[')
                || Files.isDirectory(Paths.get(path));
    }

    /**
     * Maps a file as the source names it ({@code file:/abs/path} or {@code /abs/path}) to its name
     * as given in {@code paths}; {@code spooled} names the copies of standard input and pipes
     * ({@link SpooledInputs}) among them. Serializable: {@code grep --follow}'s sink names them.
     */
    static SerializableFunction<String, String> asGiven(
            List<String> paths, Map<String, String> spooled) {
        return new AsGiven(paths, new HashMap<>(spooled));
    }

    private record AsGiven(List<String> paths, HashMap<String, String> spooled)
            implements SerializableFunction<String, String> {
        @Override
        public String apply(String sourceName) {
            Path file = localPath(sourceName);
            for (Map.Entry<String, String> copy : spooled.entrySet()) {
                if (file.equals(localPath(copy.getKey()))) {
                    return copy.getValue();
                }
            }
            for (String given : paths) {
                Path input = localPath(given);
                if (file.equals(input)) {
                    return given;
                }
                if (file.startsWith(input) && Files.isDirectory(input)) {
                    String relative = input.relativize(file).toString();
                    return given.endsWith("/") ? given + relative : given + "/" + relative;
                }
            }
            return file.toString();
        }

        private static Path localPath(String name) {
            String local = name.startsWith("file:") ? name.substring("file:".length()) : name;
            while (local.startsWith("//")) {
                local = local.substring(1);
            }
            return Paths.get(local).toAbsolutePath().normalize();
        }
    }
}
