package dev.logslice.connector.reader;

import dev.logslice.connector.io.Compression;
import dev.logslice.connector.io.DecompressingReadChannel;
import dev.logslice.connector.io.FileStat;
import dev.logslice.connector.io.LocalFileReadChannel;
import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.io.ReadChannel;
import dev.logslice.connector.io.StreamReadChannel;
import dev.logslice.connector.source.LogSourceSettings;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.FileSegment;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.List;

/**
 * Opens the files of a reader's splits: each checked against its listing ({@link InputFileCheck}),
 * skipped when missing and missing files are skipped, decompressed when compressed (restored from a
 * checkpoint, a compressed file is decompressed again from its start up to the checkpointed
 * uncompressed offset), local ones read through one aligned buffer shared by all, since one file is
 * open at a time.
 */
@Internal
final class SegmentFiles {
    private final LogSourceSettings settings;
    @Nullable private ByteBuffer readBuffer;

    SegmentFiles(LogSourceSettings settings) {
        this.settings = settings;
    }

    /**
     * The file checked and opened, or null when it is missing and missing files are skipped, having
     * added why to {@code missing}.
     */
    @Nullable
    ReadChannel openOrSkip(FileSegment file, List<SplitReport.FileRead> missing)
            throws IOException {
        if (settings.follow() != null) {
            return openFollowedOrSkip(file, missing);
        }
        try {
            InputFileCheck.appendedBytes(file, "before it was read");
            return openFile(file.path());
        } catch (FileNotFoundException | NoSuchFileException e) {
            if (settings.skipMissingFiles()) {
                missing.add(
                        SplitReport.FileRead.skipped(
                                file.path().toString(),
                                file.start(),
                                file.end(),
                                "deleted before it was read"));
                return null;
            }
            throw e instanceof FileNotFoundException
                    ? e
                    : new FileNotFoundException(
                            "Input file " + file.path() + " was deleted before it was read");
        }
    }

    /**
     * A followed source's bounded split (a backlog, a compressed file): logs rotate while they are
     * read, so its file is opened by its inode, at its path or renamed in its directory; one gone
     * is skipped and reported (logrotate deleted it), never failing the job.
     */
    @Nullable
    private ReadChannel openFollowedOrSkip(FileSegment file, List<SplitReport.FileRead> missing)
            throws IOException {
        FileSegment found = locate(file);
        if (found != null) {
            try {
                long appended = InputFileCheck.appendedBytes(found, "before it was read");
                boolean compressed = Compression.ofFileName(file.path().getName()).isCompressed();
                if (appended == 0 || !compressed) {
                    return openFile(found.path());
                }
                // A compressed file does not grow: this is another file with its inode.
            } catch (IOException e) {
                // Rotated away between the two looks, or its inode is another file's now.
            }
        }
        missing.add(
                SplitReport.FileRead.skipped(
                        file.path().toString(),
                        file.start(),
                        file.end(),
                        "rotated away, deleted or replaced before it was read"));
        return null;
    }

    /**
     * Bytes appended to a segment's file since it was listed (see {@link InputFileCheck}), checked
     * after the file is read; a followed source's file is looked for by its inode, and if it is
     * gone meanwhile, what was read through the open file stands.
     */
    long appendedAfterRead(FileSegment file) throws IOException {
        if (settings.follow() == null) {
            return InputFileCheck.appendedBytes(file, "while it was read");
        }
        FileSegment found = locate(file);
        if (found == null) {
            return 0;
        }
        try {
            return InputFileCheck.appendedBytes(found, "while it was read");
        } catch (FileNotFoundException e) {
            return 0;
        }
    }

    /** The segment under the name its file (by inode) has now; null if it is in none. */
    @Nullable
    private static FileSegment locate(FileSegment file) throws IOException {
        java.nio.file.Path listed = LocalPaths.of(file.path());
        if (file.inode() == null || file.inode().equals(inodeOf(listed))) {
            return file;
        }
        java.nio.file.Path directory = listed.toAbsolutePath().getParent();
        try (DirectoryStream<java.nio.file.Path> siblings = Files.newDirectoryStream(directory)) {
            for (java.nio.file.Path sibling : siblings) {
                if (file.inode().equals(inodeOf(sibling))) {
                    return file.withPath(new Path(sibling.toUri()));
                }
            }
        } catch (NoSuchFileException e) {
            return null;
        }
        return null;
    }

    @Nullable
    private static Long inodeOf(java.nio.file.Path path) throws IOException {
        try {
            return FileStat.local(path).inode();
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /** A reader of a file's lines from its segment's start, or from {@code resumeAt}. */
    SplitLineReader lineReader(FileSegment file, ReadChannel opened, @Nullable Long resumeAt)
            throws IOException {
        Compression compression = Compression.ofFileName(file.path().getName());
        if (compression.isCompressed()) {
            if (file.start() != 0 || file.end() != file.fileSize()) {
                opened.close();
                throw new IllegalStateException(
                        "split " + file + " of compressed file " + file.path() + " is not whole");
            }
            DecompressingReadChannel decompressing =
                    new DecompressingReadChannel(
                            opened,
                            file.path().toString(),
                            compression,
                            file.fileSize(),
                            settings.bufferSize());
            return SplitLineReader.forDecompressedFile(
                    decompressing,
                    file.path(),
                    resumeAt == null ? 0 : resumeAt,
                    settings.bufferSize(),
                    settings.maxLineLength());
        }
        return resumeAt != null
                ? SplitLineReader.resumingAt(
                        opened,
                        file.path(),
                        resumeAt,
                        file.end(),
                        file.fileSize(),
                        settings.bufferSize(),
                        settings.maxLineLength())
                : SplitLineReader.forSplit(
                        opened,
                        file.path(),
                        file.start(),
                        file.end(),
                        file.fileSize(),
                        settings.bufferSize(),
                        settings.maxLineLength());
    }

    private ReadChannel openFile(Path path) throws IOException {
        if ("file".equals(path.toUri().getScheme())) {
            if (readBuffer == null) {
                readBuffer = LocalFileReadChannel.alignedBuffer(settings.bufferSize());
            }
            return new LocalFileReadChannel(LocalPaths.of(path), readBuffer);
        }
        return new StreamReadChannel(path.getFileSystem().open(path, settings.bufferSize()));
    }
}
