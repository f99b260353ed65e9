package dev.logslice.connector.reader;

import dev.logslice.connector.io.FileIdentity;

import javax.annotation.Nullable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A file system of names and inodes in memory, with a clock that moves only when told: files
 * renamed or deleted stay readable through what opened them, as on Linux.
 */
final class MemoryFollowView implements FollowView {
    private static final long DEVICE = 42;

    /** A file's bytes, whatever names it has. */
    static final class Inode {
        final FileIdentity identity;
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        Inode(long number) {
            this.identity = new FileIdentity(DEVICE, number);
        }

        synchronized byte[] content() {
            return bytes.toByteArray();
        }
    }

    private final Map<Path, Inode> names = new HashMap<>();
    private long nextInode = 100;
    private long nanos;

    /** A new empty file at {@code path}, replacing any file there. */
    Inode create(Path path) {
        Inode inode = new Inode(nextInode++);
        names.put(path, inode);
        return inode;
    }

    @Nullable
    Inode at(Path path) {
        return names.get(path);
    }

    void append(Inode inode, byte[] bytes) {
        synchronized (inode) {
            inode.bytes.write(bytes, 0, bytes.length);
        }
    }

    void truncate(Inode inode) {
        synchronized (inode) {
            inode.bytes.reset();
        }
    }

    void rename(Path from, Path to) {
        names.put(to, names.remove(from));
    }

    void delete(Path path) {
        names.remove(path);
    }

    void advanceMillis(long millis) {
        nanos += millis * 1_000_000;
    }

    @Nullable
    @Override
    public FileIdentity.Stat stat(Path path) {
        Inode inode = names.get(path);
        return inode == null ? null : new FileIdentity.Stat(inode.identity, inode.content().length);
    }

    @Override
    public OpenFile open(Path path) throws IOException {
        Inode inode = names.get(path);
        if (inode == null) {
            throw new NoSuchFileException(path.toString());
        }
        return new OpenFile() {
            @Override
            public FileIdentity identity() {
                return inode.identity;
            }

            @Override
            public long size() {
                return inode.content().length;
            }

            @Override
            public int read(long position, byte[] target, int offset, int length) {
                byte[] content = inode.content();
                if (position >= content.length) {
                    return -1;
                }
                int n = (int) Math.min(length, content.length - position);
                System.arraycopy(content, (int) position, target, offset, n);
                return n;
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public List<Path> siblings(Path path) {
        List<Path> siblings = new ArrayList<>();
        for (Path name : names.keySet()) {
            if (name.getParent().equals(path.getParent())) {
                siblings.add(name);
            }
        }
        return siblings;
    }

    @Override
    public long nanoTime() {
        return nanos;
    }
}
