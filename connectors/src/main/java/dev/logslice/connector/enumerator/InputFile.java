package dev.logslice.connector.enumerator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.util.List;

/**
 * A file the source reads, as the input paths were expanded.
 *
 * @param inode what tells the file from another put at its path later; null where there is none
 *     (see {@link dev.logslice.connector.io.FileStat})
 * @param hosts where the file's first block lies (none for local files)
 */
@Internal
public record InputFile(
        Path path, long size, long modificationTime, @Nullable Long inode, List<String> hosts) {
    public InputFile {
        hosts = List.copyOf(hosts);
    }
}
