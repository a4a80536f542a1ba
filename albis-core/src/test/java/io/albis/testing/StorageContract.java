package io.albis.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Storage} must do, whatever it stores files on. A backend's test extends this
 * class and supplies the storage and an empty directory per test; every backend runs the same
 * cases, so a difference in behaviour is a failing test and not a surprise in production.
 */
public abstract class StorageContract implements StorageUnderTest {

    /** Bytes in a file spanning several blocks of the backend (for block-based stores). */
    protected int largeFileBytes() {
        return 3 * 1024 * 1024 + 12345;
    }

    protected String root;

    @BeforeEach
    void makeRoot() throws IOException {
        root = freshRoot();
        storage().mkdirs(root);
    }

    protected String path(String name) throws IOException {
        return storage().resolve(root, name);
    }

    protected static byte[] randomBytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    protected void writeFile(String path, byte[] content) throws IOException {
        try (WritableFile f = storage().create(path)) {
            // In uneven chunks, so a backend that buffers is exercised across its buffer edges.
            int pos = 0;
            int chunk = 1;
            while (pos < content.length) {
                int n = Math.min(chunk, content.length - pos);
                f.write(ByteBuffer.wrap(content, pos, n));
                pos += n;
                chunk = chunk * 3 + 7;
            }
            assertEquals(content.length, f.position());
            f.sync();
        }
    }

    protected byte[] readAll(String path) throws IOException {
        try (ReadableFile f = storage().open(path)) {
            ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(f.length()));
            f.readFully(0, b);
            return b.array();
        }
    }

    private static byte[] slice(byte[] b, int off, int len) {
        byte[] out = new byte[len];
        System.arraycopy(b, off, out, 0, len);
        return out;
    }

    // ------------------------------------------------------------------ reads

    @Test
    void readsEveryOffsetAndLengthOfASmallFile() throws IOException {
        byte[] content = randomBytes(67, 1);
        String p = path("small");
        writeFile(p, content);
        try (ReadableFile f = storage().open(p)) {
            assertEquals(content.length, f.length());
            for (int off = 0; off <= content.length; off++) {
                for (int len = 0; off + len <= content.length; len++) {
                    ByteBuffer heap = ByteBuffer.allocate(len);
                    f.readFully(off, heap);
                    assertEquals(len, heap.position(), "heap read at " + off + " of " + len);
                    assertArrayEquals(slice(content, off, len), heap.array(), "heap read at " + off + " of " + len);
                }
            }
        }
    }

    @Test
    void readsAcrossBlockBoundariesIntoHeapAndDirectBuffers() throws IOException {
        int n = largeFileBytes();
        byte[] content = randomBytes(n, 2);
        String p = path("large");
        writeFile(p, content);
        Random r = new Random(3);
        int[] boundaries = {0, 1, 4095, 4096, 65536, 1 << 20, (1 << 20) + 1, 2 << 20, n - 1, n};
        try (ReadableFile f = storage().open(p)) {
            assertEquals(n, f.length());
            for (int at : boundaries) {
                for (int len : new int[] {0, 1, 7, 4096, 1 << 20}) {
                    int off = Math.max(0, Math.min(at - len / 2, n - len));
                    if (off < 0 || off + len > n) {
                        continue;
                    }
                    checkRange(f, content, off, len, r.nextBoolean());
                }
            }
            for (int i = 0; i < 40; i++) {
                int off = r.nextInt(n);
                int len = r.nextInt(Math.min(n - off, 2 << 20) + 1);
                checkRange(f, content, off, len, r.nextBoolean());
            }
            checkRange(f, content, 0, n, true);
        }
    }

    private static void checkRange(ReadableFile f, byte[] content, int off, int len, boolean direct) throws IOException {
        // The destination has room on both sides: a read must fill exactly position..limit.
        ByteBuffer dst = direct ? ByteBuffer.allocateDirect(len + 16) : ByteBuffer.allocate(len + 16);
        for (int i = 0; i < dst.capacity(); i++) {
            dst.put(i, (byte) 0x5A);
        }
        dst.position(8).limit(8 + len);
        f.readFully(off, dst);
        assertEquals(8 + len, dst.position(), "read " + len + " at " + off + " must advance the position by " + len);
        byte[] got = new byte[len];
        dst.position(8);
        dst.get(got);
        assertArrayEquals(slice(content, off, len), got, "read " + len + " at " + off);
        dst.limit(dst.capacity()); // the guard bytes lie outside the read range, past the old limit
        for (int i = 0; i < 8; i++) {
            assertEquals((byte) 0x5A, dst.get(i), "byte before the destination range was written");
            assertEquals((byte) 0x5A, dst.get(8 + len + i), "byte after the destination range was written");
        }
    }

    @Test
    void readingPastTheEndIsAnEofErrorNamingTheFile() throws IOException {
        byte[] content = randomBytes(100, 4);
        String p = path("short");
        writeFile(p, content);
        try (ReadableFile f = storage().open(p)) {
            EOFException e = assertThrows(EOFException.class, () -> f.readFully(90, ByteBuffer.allocate(11)));
            assertTrue(e.getMessage().contains("short"), "message names the file: " + e.getMessage());
            assertThrows(EOFException.class, () -> f.readFully(100, ByteBuffer.allocate(1)));
            assertThrows(EOFException.class, () -> f.readFully(5000, ByteBuffer.allocateDirect(1)));
            f.readFully(100, ByteBuffer.allocate(0));
            // The file is still usable after a failed read.
            ByteBuffer ok = ByteBuffer.allocate(10);
            f.readFully(90, ok);
            assertArrayEquals(slice(content, 90, 10), ok.array());
        }
    }

    @Test
    void aNegativeOffsetIsRefused() throws IOException {
        String p = path("neg");
        writeFile(p, randomBytes(10, 5));
        try (ReadableFile f = storage().open(p)) {
            Exception e = assertThrows(Exception.class, () -> f.readFully(-1, ByteBuffer.allocate(1)));
            assertTrue(e instanceof IOException || e instanceof IllegalArgumentException, e.toString());
        }
    }

    @Test
    void anEmptyFileHasLengthZero() throws IOException {
        String p = path("empty");
        writeFile(p, new byte[0]);
        try (ReadableFile f = storage().open(p)) {
            assertEquals(0, f.length());
            assertThrows(EOFException.class, () -> f.readFully(0, ByteBuffer.allocate(1)));
        }
    }

    @Test
    void concurrentReadersOfOneFileEachSeeTheRightBytes() throws Exception {
        int n = 1 << 20;
        byte[] content = randomBytes(n, 6);
        String p = path("shared");
        writeFile(p, content);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                long seed = t;
                done.add(pool.submit(() -> {
                    Random r = new Random(seed);
                    try (ReadableFile f = storage().open(p)) {
                        for (int i = 0; i < 50; i++) {
                            int off = r.nextInt(n);
                            int len = r.nextInt(Math.min(n - off, 70_000) + 1);
                            checkRange(f, content, off, len, r.nextBoolean());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void openingAMissingFileOrADirectoryFails() throws IOException {
        assertThrows(IOException.class, () -> storage().open(path("missing")));
        storage().mkdirs(path("dir"));
        assertThrows(IOException.class, () -> storage().open(path("dir")).close());
    }

    // ------------------------------------------------------------------ writes

    @Test
    void writesAreReadBackByteForByte() throws IOException {
        byte[] content = randomBytes(largeFileBytes(), 7);
        String p = path("written");
        writeFile(p, content);
        assertArrayEquals(content, readAll(p));
        assertTrue(storage().exists(p));
        assertFalse(storage().isDirectory(p));
    }

    @Test
    void writesFromDirectBuffersAndSlices() throws IOException {
        byte[] content = randomBytes(10_000, 8);
        String p = path("direct");
        try (WritableFile f = storage().create(p)) {
            ByteBuffer d = ByteBuffer.allocateDirect(content.length + 10);
            d.position(10);
            d.put(content);
            d.position(10);
            f.write(d);
            assertFalse(d.hasRemaining(), "write consumes the buffer");
            assertEquals(content.length, f.position());
        }
        assertArrayEquals(content, readAll(p));
    }

    @Test
    void creatingAnExistingFileFailsAndLeavesItAlone() throws IOException {
        byte[] content = randomBytes(50, 9);
        String p = path("once");
        writeFile(p, content);
        assertThrows(IOException.class, () -> storage().create(p).close());
        assertArrayEquals(content, readAll(p));
    }

    // ------------------------------------------------------------------ namespace

    @Test
    void mkdirsCreatesParentsAndExistsTellsFilesFromDirectories() throws IOException {
        String deep = storage().resolve(storage().resolve(path("a"), "b"), "c");
        assertFalse(storage().exists(deep));
        storage().mkdirs(deep);
        assertTrue(storage().exists(deep));
        assertTrue(storage().isDirectory(deep));
        assertTrue(storage().isDirectory(path("a")));
        storage().mkdirs(deep); // again: no error
        assertFalse(storage().exists(path("nothing")));
        assertFalse(storage().isDirectory(path("nothing")));
    }

    @Test
    void listReturnsDirectChildrenSortedByName() throws IOException {
        String dir = path("listing");
        storage().mkdirs(dir);
        assertEquals(List.of(), storage().list(dir));
        for (String name : new String[] {"rg-00000002", "_schema.00000001", "rg-00000010", "rg-00000001", "Z", "a"}) {
            writeFile(storage().resolve(dir, name), new byte[] {1});
        }
        storage().mkdirs(storage().resolve(storage().resolve(dir, "sub"), "deeper"));
        assertEquals(List.of("Z", "_schema.00000001", "a", "rg-00000001", "rg-00000002", "rg-00000010", "sub"),
                storage().list(dir));
        assertThrows(IOException.class, () -> storage().list(path("no-such-dir")));
        assertThrows(IOException.class, () -> storage().list(storage().resolve(dir, "a")), "listing a file");
    }

    @Test
    void aTreeIsCopiedWholeIntoPlaceAndNeverOverAnExistingOne() throws IOException {
        String src = path("src");
        storage().mkdirs(storage().resolve(src, "cg"));
        byte[] data = randomBytes(5000, 13);
        writeFile(storage().resolve(storage().resolve(src, "cg"), "data"), data);
        writeFile(storage().resolve(src, "_schema"), new byte[] {1, 2, 3});
        String dst = path("dst");
        assertEquals(5003, io.albis.storage.StorageCopy.copy(storage(), src, storage(), dst + "/"));
        assertEquals(List.of("_schema", "cg"), storage().list(dst));
        assertArrayEquals(data, readAll(storage().resolve(storage().resolve(dst, "cg"), "data")));
        assertThrows(IOException.class, () -> io.albis.storage.StorageCopy.copy(storage(), src, storage(), dst));
        assertEquals(List.of("dst", "src"), storage().list(root), "no temporary tree left behind");
    }

    @Test
    void renameMovesAFileAndNeverReplacesOne() throws IOException {
        byte[] a = randomBytes(30, 10);
        byte[] b = randomBytes(40, 11);
        writeFile(path("a"), a);
        writeFile(path("b"), b);
        assertThrows(IOException.class, () -> storage().rename(path("a"), path("b")));
        assertArrayEquals(a, readAll(path("a")));
        assertArrayEquals(b, readAll(path("b")));
        storage().rename(path("a"), path("c"));
        assertFalse(storage().exists(path("a")));
        assertArrayEquals(a, readAll(path("c")));
        assertThrows(IOException.class, () -> storage().rename(path("missing"), path("d")));
        assertFalse(storage().exists(path("d")));
    }

    @Test
    void renameMovesADirectoryWithItsContentsAndNeverReplacesOne() throws IOException {
        String tmp = path("_tmp.rg");
        storage().mkdirs(storage().resolve(tmp, "cg"));
        byte[] data = randomBytes(100, 12);
        writeFile(storage().resolve(storage().resolve(tmp, "cg"), "data"), data);
        String other = path("rg-00000000");
        storage().mkdirs(other);
        writeFile(storage().resolve(other, "x"), new byte[] {7});

        assertThrows(IOException.class, () -> storage().rename(tmp, other));
        assertEquals(List.of("x"), storage().list(other), "the existing directory was not touched");
        assertTrue(storage().exists(tmp));

        String empty = path("empty-target");
        storage().mkdirs(empty);
        assertThrows(IOException.class, () -> storage().rename(tmp, empty), "not even an empty directory is replaced");
        assertEquals(List.of(), storage().list(empty));

        String target = path("rg-00000001");
        storage().rename(tmp, target);
        assertFalse(storage().exists(tmp));
        assertArrayEquals(data, readAll(storage().resolve(storage().resolve(target, "cg"), "data")));
    }

    @Test
    void aDirectoryIsNeverRenamedIntoItself() throws IOException {
        String dir = path("outer");
        String inner = storage().resolve(dir, "inner");
        storage().mkdirs(inner);
        writeFile(storage().resolve(dir, "f"), new byte[] {1});
        assertThrows(IOException.class, () -> storage().rename(dir, storage().resolve(inner, "moved")));
        assertEquals(List.of("f", "inner"), storage().list(dir), "the directory was not touched");
        assertEquals(List.of(), storage().list(inner));
        assertEquals(List.of("outer"), storage().list(root));
    }

    @Test
    void deleteRemovesFilesAndTreesAndIgnoresMissingPaths() throws IOException {
        writeFile(path("f"), new byte[] {1, 2});
        storage().delete(path("f"));
        assertFalse(storage().exists(path("f")));
        String tree = path("tree");
        storage().mkdirs(storage().resolve(tree, "x"));
        writeFile(storage().resolve(storage().resolve(tree, "x"), "y"), new byte[] {3});
        writeFile(storage().resolve(tree, "z"), new byte[] {4});
        storage().delete(tree);
        assertFalse(storage().exists(tree));
        storage().delete(path("never-there"));
        assertEquals(List.of(), storage().list(root));
    }
}
