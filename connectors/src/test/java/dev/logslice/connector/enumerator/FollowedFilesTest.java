package dev.logslice.connector.enumerator;

import dev.logslice.connector.io.FileIdentity;

import org.apache.flink.core.fs.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** What the enumerator of a followed source makes of the files it lists, on real files. */
class FollowedFilesTest {
    private static final long SPLIT = 64 * 1024;

    @TempDir java.nio.file.Path dir;

    @Test
    void filesThereAtTheStartAreFollowedFromTheStartOfTheirLastLine() throws IOException {
        java.nio.file.Path log = Files.writeString(dir.resolve("app.log"), "one\ntwo\nthr");
        FollowedFiles files = new FollowedFiles(false, SPLIT, new LocalFileReads());

        List<FollowedFiles.NewFile> found = files.onListing(listing());

        assertThat(found).singleElement().isInstanceOf(FollowedFiles.Follow.class);
        FollowedFiles.Follow follow = (FollowedFiles.Follow) found.get(0);
        assertThat(follow.backlogStart()).isEqualTo(8);
        assertThat(follow.followFrom()).isEqualTo(8);
        assertThat(follow.identity()).isEqualTo(FileIdentity.stat(log).identity());
    }

    @Test
    void fromTheStartASmallFileIsFollowedFromZeroAndABigOneAfterItsBacklog() throws IOException {
        Files.writeString(dir.resolve("small.log"), "one\ntwo\n");
        String big = "a line of a big log file\n".repeat(4000) + "partial";
        Files.writeString(dir.resolve("big.log"), big);
        FollowedFiles files = new FollowedFiles(true, SPLIT, new LocalFileReads());

        List<FollowedFiles.NewFile> found = files.onListing(listing());

        assertThat(found)
                .extracting(
                        f -> f.file().path().getName(),
                        f -> ((FollowedFiles.Follow) f).backlogStart(),
                        f -> ((FollowedFiles.Follow) f).followFrom())
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("small.log", 0L, 0L),
                        org.assertj.core.groups.Tuple.tuple(
                                "big.log", 0L, (long) big.length() - "partial".length()));
    }

    @Test
    void aFileIsKnownByItsIdentityUnderANewNameAndTheFileCreatedAtItsNameIsReadFromZero()
            throws IOException {
        java.nio.file.Path log = Files.writeString(dir.resolve("app.log"), "one\n");
        FollowedFiles files = new FollowedFiles(false, SPLIT, new LocalFileReads());
        files.onListing(listing());
        Files.move(log, dir.resolve("app.log.1"));
        Files.writeString(log, "new\n");

        List<FollowedFiles.NewFile> found = files.onListing(listing());

        assertThat(found).singleElement().isInstanceOf(FollowedFiles.Follow.class);
        FollowedFiles.Follow follow = (FollowedFiles.Follow) found.get(0);
        assertThat(follow.file().path().getName()).isEqualTo("app.log");
        assertThat(follow.followFrom()).isZero();
    }

    @Test
    void aRotationBetweenTheListingAndItsReadsReadsNoFileTwice() throws IOException {
        java.nio.file.Path log = Files.writeString(dir.resolve("app.log"), "old 1\n");
        FollowedFiles files = new FollowedFiles(true, SPLIT, new LocalFileReads());
        assertThat(files.onListing(listing())).hasSize(1);
        Files.writeString(log, "old 2\n", appending());
        List<FollowedFiles.Listed> listedBeforeTheRotation = listing();
        Files.move(log, dir.resolve("app.log.1"));
        Files.writeString(log, "new 1\n");

        assertThat(files.onListing(listedBeforeTheRotation)).isEmpty();
        List<FollowedFiles.NewFile> found = files.onListing(listing());

        assertThat(found).singleElement().isInstanceOf(FollowedFiles.Follow.class);
        assertThat(found.get(0).file().path().getName()).isEqualTo("app.log");
        assertThat(files.onListing(listing())).isEmpty();
    }

    /**
     * A listing that walks the directory while a rotation renames in it may see the followed file
     * under neither name (the walk past {@code app.log.1} before the rename, {@code app.log} gone
     * or another file when its identity is read). Forgotten, it was found as new under its new name
     * and read again from 0: a follow test once received a rotated file's 600 lines twice.
     */
    @Test
    void aFollowedFileOneListingMissedIsNotReadAgainUnderItsNewName() throws IOException {
        java.nio.file.Path log = Files.writeString(dir.resolve("app.log"), "2026-12-06 one\n");
        FollowedFiles files = new FollowedFiles(true, SPLIT, new LocalFileReads());
        assertThat(files.onListing(listing())).hasSize(1);
        Files.writeString(log, "2026-12-06 two\n", appending());

        assertThat(files.onListing(List.of())).isEmpty();
        Files.move(log, dir.resolve("app.log.1"));
        Files.writeString(log, "2026-12-06 new\n");
        List<FollowedFiles.NewFile> found = files.onListing(listing());

        assertThat(found).extracting(f -> f.file().path().getName()).containsExactly("app.log");
        assertThat(files.onListing(listing())).isEmpty();
    }

    /** Missed by one listing and then deleted, its inode given to a new file: that one is new. */
    @Test
    void aNewFileOnTheInodeOfOneAListingMissedIsNew() throws IOException {
        FollowedFiles.Listed first = new FollowedFiles.Listed(inputFile("app.log", 4), INODE);
        FollowedFiles.Listed second = new FollowedFiles.Listed(inputFile("app.log.1", 4), INODE);
        byte[][] starts = {"old\n".getBytes(), "new\n".getBytes()};
        int[] now = {0};
        FollowedFiles files =
                new FollowedFiles(
                        true,
                        SPLIT,
                        new FollowedFiles.FileReads() {
                            @Override
                            public byte[] prefix(FollowedFiles.Listed file, int length) {
                                byte[] start = starts[now[0]];
                                return java.util.Arrays.copyOf(
                                        start, Math.min(length, start.length));
                            }

                            @Override
                            public long lastLineStart(FollowedFiles.Listed file) {
                                return 4;
                            }
                        });
        assertThat(files.onListing(List.of(first))).hasSize(1);
        assertThat(files.onListing(List.of())).isEmpty();
        now[0] = 1;

        assertThat(files.onListing(List.of(second)))
                .extracting(f -> f.file().path().getName())
                .containsExactly("app.log.1");
    }

    private static final FileIdentity INODE = new FileIdentity(1, 42);

    private InputFile inputFile(String name, long size) {
        return new InputFile(new Path(dir.resolve(name).toUri()), size, 0L, 42L, List.of());
    }

    @Test
    void aNewFileGoneBeforeItIsReadIsNotKnownAndTheOthersAreFound() throws IOException {
        Files.writeString(dir.resolve("app.log"), "one\n");
        FollowedFiles files = new FollowedFiles(false, SPLIT, new LocalFileReads());
        files.onListing(listing());
        java.nio.file.Path gone = Files.writeString(dir.resolve("a.log"), "a\n");
        Files.writeString(dir.resolve("b.log"), "b\n");
        List<FollowedFiles.Listed> listed = listing();
        Files.delete(gone);

        assertThat(files.onListing(listed))
                .extracting(f -> f.file().path().getName())
                .containsExactly("b.log");
        Files.writeString(gone, "a again\n");
        assertThat(files.onListing(listing()))
                .extracting(f -> f.file().path().getName())
                .containsExactly("a.log");
    }

    @Test
    void aRotatedFileCompressedUnderANewNameIsNotReadAgain() throws IOException {
        java.nio.file.Path log = dir.resolve("app.log");
        Files.writeString(log, "2026-12-02T04:00:00 GET /a\n");
        FollowedFiles files = new FollowedFiles(false, SPLIT, new LocalFileReads());
        files.onListing(listing());
        Files.writeString(log, "2026-12-02T04:00:01 GET /b\n".repeat(500), appending());
        files.onListing(listing()); // the fingerprint grows with the file
        Files.move(log, dir.resolve("app.log.1"));
        gzip(dir.resolve("app.log.1"), dir.resolve("app.log.1.gz"));
        Files.delete(dir.resolve("app.log.1"));

        assertThat(files.onListing(listing())).isEmpty();
    }

    @Test
    void aCompressedFileThatIsNoCopyIsReadWholeOnceItAppearsLater() throws IOException {
        Files.writeString(dir.resolve("app.log"), "2026-12-02T04:00:00 GET /a\n");
        FollowedFiles files = new FollowedFiles(false, SPLIT, new LocalFileReads());
        files.onListing(listing());
        java.nio.file.Path other = Files.writeString(dir.resolve("other"), "another log\n");
        gzip(other, dir.resolve("other.gz"));
        Files.delete(other);

        assertThat(files.onListing(listing()))
                .singleElement()
                .isInstanceOf(FollowedFiles.ReadWhole.class);
        assertThat(files.onListing(listing())).isEmpty();
    }

    @Test
    void aKnownInodeUnderANewNameWithAnotherStartIsANewFile() throws IOException {
        java.nio.file.Path log = Files.writeString(dir.resolve("app.log"), "old file\n");
        FileIdentity identity = FileIdentity.stat(log).identity();
        FollowedFiles files = new FollowedFiles(false, SPLIT, readsTrustingTheListedIdentity());
        files.onListing(listing());
        // The old file deleted and its inode given to a new one (a rotation), by a test double:
        // which inode a file system hands out is not a test's to choose.
        Files.delete(log);
        java.nio.file.Path created = Files.writeString(dir.resolve("app.log.new"), "new\n");
        InputFile listed =
                new InputFile(new Path(created.toUri()), 4, 0, identity.inode(), List.of());

        List<FollowedFiles.NewFile> found =
                files.onListing(List.of(new FollowedFiles.Listed(listed, identity)));

        assertThat(found).singleElement().isInstanceOf(FollowedFiles.Follow.class);
        assertThat(((FollowedFiles.Follow) found.get(0)).followFrom()).isZero();
    }

    @Test
    void aKnownInodeUnderANewNameWithItsStartIsTheRenamedFile() throws IOException {
        java.nio.file.Path log = Files.writeString(dir.resolve("app.log"), "old file\n");
        FollowedFiles files = new FollowedFiles(false, SPLIT, new LocalFileReads());
        files.onListing(listing());
        Files.move(log, dir.resolve("app.log.1"));
        Files.writeString(dir.resolve("app.log.1"), "more\n", appending());

        assertThat(files.onListing(listing())).isEmpty();
    }

    @Test
    void aFileRewrittenInPlaceAndThenRenamedIsTheRenamedFile() throws IOException {
        // Longer than a fingerprint: the start known is all a fingerprint holds.
        java.nio.file.Path log = Files.writeString(dir.resolve("app.log"), "old\n".repeat(2_000));
        FollowedFiles files = new FollowedFiles(false, SPLIT, new LocalFileReads());
        files.onListing(listing());
        // copytruncate: the same inode, written again from 0 (its reader restarts it at 0).
        Files.writeString(log, "new\n".repeat(2_000));
        assertThat(files.onListing(listing())).isEmpty();
        // Then a rotation by rename: the file under the new name is the one followed.
        Files.move(log, dir.resolve("app.log.1"));

        assertThat(files.onListing(listing())).isEmpty();
    }

    /**
     * logrotate's {@code copytruncate} with {@code delaycompress}: {@code app.log} copied to {@code
     * app.log.1} beside it and truncated. The copy holds what was followed: not read again, whether
     * the listing sees it before the truncation or after, nor its compressed copy later.
     */
    @Test
    void aCopyOfAFollowedFileUnderARotationNameIsNotReadAgain() throws IOException {
        java.nio.file.Path log = dir.resolve("app.log");
        Files.writeString(log, "2026-12-07T04:00:00 GET /a\n".repeat(300));
        FollowedFiles files = new FollowedFiles(false, SPLIT, new LocalFileReads());
        files.onListing(listing());
        Files.copy(log, dir.resolve("app.log.1"));
        Files.writeString(log, "2026-12-07T05:00:00 GET /after the truncation\n");

        assertThat(files.onListing(listing())).isEmpty();

        Files.writeString(log, "2026-12-08T04:00:00 GET /b\n".repeat(10), appending());
        files.onListing(listing());
        Files.copy(log, dir.resolve("app.log-20261208"));
        assertThat(files.onListing(listing())).as("listed before the truncation").isEmpty();
        Files.writeString(log, "2026-12-08T05:00:00 GET /c\n");
        assertThat(files.onListing(listing())).isEmpty();

        gzip(dir.resolve("app.log.1"), dir.resolve("app.log.2.gz"));
        Files.delete(dir.resolve("app.log.1"));
        assertThat(files.onListing(listing())).isEmpty();
    }

    /** Only a copy under a rotation name of the file: another log may start as this one does. */
    @Test
    void aNewFileThatStartsAsAFollowedOneButIsNoRotationOfItIsRead() throws IOException {
        java.nio.file.Path log = dir.resolve("app.log");
        Files.writeString(log, "2026-12-07T04:00:00 starting\n");
        FollowedFiles files = new FollowedFiles(false, SPLIT, new LocalFileReads());
        files.onListing(listing());
        Files.copy(log, dir.resolve("other.log"));
        Files.writeString(dir.resolve("app.log.1"), "2026-12-06T04:00:00 another start\n");

        assertThat(files.onListing(listing()))
                .extracting(f -> f.file().path().getName())
                .containsExactly("app.log.1", "other.log");
    }

    @Test
    void theStateOfACheckpointKnowsTheSameFiles() throws IOException {
        Files.writeString(dir.resolve("app.log"), "one\n");
        FollowedFiles files = new FollowedFiles(false, SPLIT, new LocalFileReads());
        files.onListing(listing());
        FollowedFiles restored = new FollowedFiles(false, SPLIT, new LocalFileReads());
        restored.restore(files.snapshot(7));
        Files.writeString(dir.resolve("new.log"), "new\n");

        List<FollowedFiles.NewFile> found = restored.onListing(listing());

        assertThat(found).extracting(f -> f.file().path().getName()).containsExactly("new.log");
        assertThat(((FollowedFiles.Follow) found.get(0)).followFrom()).isZero();
        assertThat(restored.snapshot(7).tracked())
                .extracting(FollowedFiles.Tracked::path)
                .containsExactly(
                        new Path(dir.resolve("app.log").toUri()).toString(),
                        new Path(dir.resolve("new.log").toUri()).toString());
    }

    private List<FollowedFiles.Listed> listing() throws IOException {
        List<FollowedFiles.Listed> listed = new ArrayList<>();
        for (InputFile file : InputPaths.expand(List.of(new Path(dir.toUri()))).files()) {
            listed.add(
                    new FollowedFiles.Listed(
                            file,
                            FileIdentity.stat(java.nio.file.Path.of(file.path().toUri()))
                                    .identity()));
        }
        return listed;
    }

    /** Local reads of whatever file is at the listed path, whatever the identity listed. */
    private static FollowedFiles.FileReads readsTrustingTheListedIdentity() {
        LocalFileReads local = new LocalFileReads();
        return new FollowedFiles.FileReads() {
            @Override
            public byte[] prefix(FollowedFiles.Listed file, int length) throws IOException {
                return local.prefix(asItIsNow(file), length);
            }

            @Override
            public long lastLineStart(FollowedFiles.Listed file) throws IOException {
                return local.lastLineStart(asItIsNow(file));
            }

            private FollowedFiles.Listed asItIsNow(FollowedFiles.Listed file) throws IOException {
                java.nio.file.Path path = java.nio.file.Path.of(file.file().path().toUri());
                return new FollowedFiles.Listed(file.file(), FileIdentity.stat(path).identity());
            }
        };
    }

    private static java.nio.file.OpenOption[] appending() {
        return new java.nio.file.OpenOption[] {java.nio.file.StandardOpenOption.APPEND};
    }

    private static void gzip(java.nio.file.Path file, java.nio.file.Path compressed)
            throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(compressed))) {
            Files.copy(file, out);
        }
    }
}
