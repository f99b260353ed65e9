package dev.logslice.connector.enumerator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

import java.util.List;

/**
 * A file the source reads, as the input paths were expanded.
 *
 * @param hosts where the file's first block lies (none for local files)
 */
@Internal
public record InputFile(Path path, long size, long modificationTime, List<String> hosts) {
    public InputFile {
        hosts = List.copyOf(hosts);
    }
}
