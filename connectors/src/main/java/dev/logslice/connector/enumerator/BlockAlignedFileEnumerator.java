package dev.logslice.connector.enumerator;

import dev.logslice.connector.io.Compression;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.enumerate.NonSplittingRecursiveEnumerator;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Cuts every file into byte ranges whose size is a multiple of the file system block size.
 *
 * <p>Flink's recursive enumerator finds the files in directories (hidden and {@code _} files
 * skipped; a path given by name is always read) with their sizes, modification times and hosts;
 * this class cuts them, smaller than the target when the input would otherwise give fewer than the
 * desired number of splits. Its block splitting would follow HDFS block locations, which a local
 * file does not have. A compressed file is one split, never cut. Files keep the order of the paths
 * given, and files within a directory are sorted by name, so split ids follow the input's order.
 */
@Internal
public final class BlockAlignedFileEnumerator extends NonSplittingRecursiveEnumerator {
    /** Block size assumed where the file system does not tell. */
    public static final long DEFAULT_BLOCK_SIZE = 4096;

    private final long targetSplitSize;

    public BlockAlignedFileEnumerator(long targetSplitSize) {
        this.targetSplitSize = targetSplitSize;
    }

    @Override
    public Collection<FileSourceSplit> enumerateSplits(Path[] paths, int minDesiredSplits)
            throws IOException {
        List<FileSourceSplit> files = new ArrayList<>();
        for (Path path : paths) {
            ArrayList<FileSourceSplit> underPath = new ArrayList<>();
            FileSystem fs = path.getFileSystem();
            FileStatus status = fs.getFileStatus(path);
            if (status.isDir()) {
                for (FileStatus child : fs.listStatus(path)) {
                    addSplitsForPath(child, fs, underPath);
                }
            } else {
                // A file named explicitly is read even if its name would hide it in a directory.
                convertToSourceSplits(status, fs, underPath);
            }
            underPath.sort(Comparator.comparing(split -> split.path().toString()));
            files.addAll(underPath);
        }
        long totalBytes = files.stream().mapToLong(FileSourceSplit::length).sum();
        List<FileSourceSplit> splits = new ArrayList<>();
        for (FileSourceSplit file : files) {
            long blockSize = blockSize(file.path());
            long splitSize = splitSize(targetSplitSize, blockSize, totalBytes, minDesiredSplits);
            cut(file, splitSize, splits);
        }
        return splits;
    }

    /**
     * The split size: the target, made smaller when that gives fewer than the desired number of
     * splits over all input, and rounded down to a multiple of the block size (one block at least),
     * so that the files give the desired number of splits whenever their blocks allow it.
     */
    static long splitSize(long target, long blockSize, long totalBytes, long desiredSplits) {
        long size = Math.min(target, totalBytes / Math.max(desiredSplits, 1));
        return Math.max(blockSize, size / blockSize * blockSize);
    }

    private void cut(FileSourceSplit file, long splitSize, List<FileSourceSplit> target) {
        long fileSize = file.length();
        boolean whole = Compression.ofFileName(file.path().getName()).isCompressed();
        long start = 0;
        do {
            long length = whole ? fileSize : Math.min(splitSize, fileSize - start);
            target.add(
                    new FileSourceSplit(
                            getNextId(),
                            file.path(),
                            start,
                            length,
                            file.fileModificationTime(),
                            fileSize,
                            file.hostnames()));
            start += length;
        } while (start < fileSize);
    }

    private static long blockSize(Path path) {
        if ("file".equals(path.toUri().getScheme())) {
            try {
                long size = Files.getFileStore(Paths.get(path.toUri())).getBlockSize();
                return size > 0 ? size : DEFAULT_BLOCK_SIZE;
            } catch (IOException | UnsupportedOperationException e) {
                return DEFAULT_BLOCK_SIZE;
            }
        }
        return DEFAULT_BLOCK_SIZE;
    }
}
