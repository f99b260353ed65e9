package dev.logslice.connector.enumerator;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.split.FileSegment;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Cuts every file into byte ranges whose size is a multiple of the file system block size, and
 * packs the ranges smaller than that (small files, the tails of big ones) into shared splits, so
 * that ten thousand small files make a few splits rather than ten thousand.
 *
 * <p>The split size is the target, made smaller when the input would otherwise give fewer than the
 * desired number of splits. Splits keep the order of the files ({@link InputPaths}), so split ids
 * follow the input's order, and packing only joins neighbours. Compressed files are never cut nor
 * packed: each is one split.
 */
@Internal
public final class BlockAlignedFileEnumerator {
    /** Block size assumed where the file system does not tell. */
    public static final long DEFAULT_BLOCK_SIZE = 4096;

    /**
     * Compressed files, including those not read (.xz, .deflate): a local walk leaves them out, a
     * file system's reads them as they are.
     */
    private static final String[] UNSPLITTABLE = {".gz", ".zst", ".bz2", ".xz", ".deflate"};

    private final long targetSplitSize;
    private final Map<String, Long> blockSizes = new HashMap<>();
    private int lastId;

    public BlockAlignedFileEnumerator(long targetSplitSize) {
        this(targetSplitSize, 0);
    }

    /** An enumerator whose split ids go on after {@code lastId}, one a restored source gave. */
    public BlockAlignedFileEnumerator(long targetSplitSize, int lastId) {
        this.targetSplitSize = targetSplitSize;
        this.lastId = lastId;
    }

    /** The last split id given, as a number. */
    public int lastId() {
        return lastId;
    }

    /** The splits of the files, in their order. */
    public List<LogFileSplit> enumerateSplits(List<InputFile> files, int minDesiredSplits) {
        long totalBytes = files.stream().mapToLong(InputFile::size).sum();
        List<LogFileSplit> splits = new ArrayList<>();
        SplitPacker packer = new SplitPacker(this::nextId, splits::add);
        for (InputFile file : files) {
            long splitSize =
                    splitSize(
                            targetSplitSize, blockSize(file.path()), totalBytes, minDesiredSplits);
            if (isCompressed(file.path())) {
                packer.flush();
                splits.add(LogFileSplit.of(nextId(), wholeFile(file), file.hosts()));
                continue;
            }
            long start = 0;
            for (; file.size() - start >= splitSize; start += splitSize) {
                packer.flush();
                splits.add(
                        LogFileSplit.of(
                                nextId(), segment(file, start, start + splitSize), file.hosts()));
            }
            if (start < file.size() || file.size() == 0) {
                packer.add(segment(file, start, file.size()), file.hosts(), splitSize);
            }
        }
        packer.flush();
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

    /** Whether {@code path} is read whole by one reader, as a compressed file. */
    public static boolean isCompressed(Path path) {
        String name = path.getName().toLowerCase(Locale.ROOT);
        for (String suffix : UNSPLITTABLE) {
            if (name.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }

    private static FileSegment wholeFile(InputFile file) {
        return FileSegment.wholeFile(
                file.path(), file.size(), file.modificationTime(), file.inode());
    }

    private static FileSegment segment(InputFile file, long start, long end) {
        return new FileSegment(
                file.path(), start, end, file.size(), file.modificationTime(), file.inode());
    }

    /** Ids as Flink's file source makes them: ten digits, from 1. */
    public String nextId() {
        return String.format("%010d", ++lastId);
    }

    /** Looked up once per directory: a file store lookup reads the mount table. */
    private long blockSize(Path path) {
        if (!"file".equals(path.toUri().getScheme())) {
            return DEFAULT_BLOCK_SIZE;
        }
        Path parent = path.getParent();
        return blockSizes.computeIfAbsent(
                parent == null ? "" : parent.toString(), key -> localBlockSize(path));
    }

    private static long localBlockSize(Path path) {
        try {
            long size = Files.getFileStore(LocalPaths.of(path)).getBlockSize();
            return size > 0 ? size : DEFAULT_BLOCK_SIZE;
        } catch (IOException | UnsupportedOperationException e) {
            return DEFAULT_BLOCK_SIZE;
        }
    }
}
