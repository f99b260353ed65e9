package dev.logslice.connector.enumerator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.BlockLocation;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the files of one input path on any Flink file system (HDFS, S3, ...) through its {@code
 * FileSystem}: a file, or a directory read recursively, skipping names starting with '.' or '_'
 * inside it. No globs and no symbolic links: those are for local paths.
 */
@Internal
final class FileSystemInputWalk {
    private FileSystemInputWalk() {}

    static List<InputPaths.Found> find(Path path, int limit) throws IOException {
        FileSystem fs = path.getFileSystem();
        List<InputPaths.Found> found = new ArrayList<>();
        FileStatus status = fs.getFileStatus(path);
        if (status.isDir()) {
            walk(fs, status, limit, found);
        } else {
            found.add(found(fs, status));
        }
        return found;
    }

    private static void walk(FileSystem fs, FileStatus dir, int limit, List<InputPaths.Found> found)
            throws IOException {
        for (FileStatus child : fs.listStatus(dir.getPath())) {
            String name = child.getPath().getName();
            if (found.size() >= limit || name.startsWith(".") || name.startsWith("_")) {
                continue;
            }
            if (child.isDir()) {
                walk(fs, child, limit, found);
            } else {
                found.add(found(fs, child));
            }
        }
    }

    private static InputPaths.Found found(FileSystem fs, FileStatus status) throws IOException {
        List<String> hosts = new ArrayList<>();
        BlockLocation[] blocks = fs.getFileBlockLocations(status, 0, status.getLen());
        if (blocks != null && blocks.length > 0) {
            hosts.addAll(List.of(blocks[0].getHosts()));
        }
        InputFile file =
                new InputFile(
                        status.getPath(),
                        status.getLen(),
                        status.getModificationTime(),
                        null,
                        hosts);
        return new InputPaths.Found(file, status.getPath().toString());
    }
}
