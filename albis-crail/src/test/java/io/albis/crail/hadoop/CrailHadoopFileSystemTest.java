package io.albis.crail.hadoop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.crail.testcluster.SharedCrailCluster;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.Arrays;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The crail:// Hadoop FileSystem, found by Hadoop through its service registration, on a local cluster. */
@ExtendWith(SharedCrailCluster.class)
class CrailHadoopFileSystemTest {
    private FileSystem fs;
    private Path root;

    @BeforeEach
    void open() throws IOException {
        URI uri = SharedCrailCluster.cluster().uri();
        fs = FileSystem.newInstance(uri, new Configuration());
        root = new Path(SharedCrailCluster.freshPath("hadoop"));
        assertTrue(fs.mkdirs(root));
    }

    @AfterEach
    void close() throws IOException {
        fs.delete(root, true);
        fs.close();
    }

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Writes {@code content} (at least 11 bytes) in an array piece, a single byte and the rest. */
    private void write(Path p, byte[] content) throws IOException {
        try (FSDataOutputStream out = fs.create(p, false)) {
            out.write(content, 0, 10);
            out.write(content[10]);
            out.write(content, 11, content.length - 11);
            assertEquals(content.length, out.getPos());
        }
    }

    @Test
    void theSchemeIsServedByTheCrailFileSystem() {
        assertInstanceOf(CrailHadoopFileSystem.class, fs);
        assertEquals("crail", fs.getScheme());
        assertEquals(SharedCrailCluster.cluster().uri(), fs.getUri());
    }

    @Test
    void createOpenSeekAndPositionedReads() throws IOException {
        byte[] content = bytes(3 * (1 << 20) + 333, 1);
        Path p = new Path(root, "sub/data.bin"); // create makes the missing parent
        write(p, content);

        FileStatus st = fs.getFileStatus(p);
        assertTrue(st.isFile());
        assertEquals(content.length, st.getLen());
        assertTrue(fs.getFileStatus(p.getParent()).isDirectory());

        try (FSDataInputStream in = fs.open(p)) {
            byte[] all = new byte[content.length];
            in.readFully(all);
            assertArrayEquals(content, all);
            assertEquals(-1, in.read());

            in.seek(1_500_000);
            assertEquals(content[1_500_000] & 0xff, in.read());
            byte[] some = new byte[70_000];
            in.readFully(some);
            assertArrayEquals(Arrays.copyOfRange(content, 1_500_001, 1_570_001), some);
            assertEquals(1_570_001, in.getPos());

            byte[] piece = new byte[5000];
            in.readFully(2_097_000, piece); // across a block boundary; the position stays
            assertArrayEquals(Arrays.copyOfRange(content, 2_097_000, 2_102_000), piece);
            assertEquals(1_570_001, in.getPos());
            assertEquals(33, in.read(content.length - 33, new byte[100], 0, 100));
            assertThrows(EOFException.class, () -> in.readFully(content.length - 10, new byte[11]));
            assertThrows(EOFException.class, () -> in.seek(content.length + 1));
        }
        assertThrows(FileNotFoundException.class, () -> fs.open(new Path(root, "missing")));
    }

    @Test
    void createRefusesToReplaceUnlessAskedTo() throws IOException {
        Path p = new Path(root, "once");
        write(p, bytes(100, 2));
        assertThrows(FileAlreadyExistsException.class, () -> fs.create(p, false).close());
        byte[] second = bytes(50, 3);
        try (FSDataOutputStream out = fs.create(p, true)) {
            out.write(second);
        }
        assertEquals(50, fs.getFileStatus(p).getLen());
        assertThrows(FileAlreadyExistsException.class, () -> fs.create(root, true).close());
    }

    @Test
    void listStatusListsChildrenInNameOrder() throws IOException {
        for (String name : new String[] {"b", "a", "c"}) {
            write(new Path(root, name), bytes(20, name.hashCode()));
        }
        assertTrue(fs.mkdirs(new Path(root, "d/e")));
        FileStatus[] listed = fs.listStatus(root);
        assertEquals(Arrays.asList("a", "b", "c", "d"), Arrays.stream(listed).map(s -> s.getPath().getName()).toList());
        assertTrue(listed[3].isDirectory());
        assertEquals(20, listed[0].getLen());
        assertEquals(new Path(root, "a").makeQualified(fs.getUri(), null), listed[0].getPath());
        assertThrows(FileNotFoundException.class, () -> fs.listStatus(new Path(root, "missing")));
        assertThrows(FileNotFoundException.class, () -> fs.getFileStatus(new Path(root, "missing")));
        assertThrows(FileAlreadyExistsException.class, () -> fs.mkdirs(new Path(root, "a")));
    }

    @Test
    void renameMovesFilesAndDirectoriesTheHdfsWay() throws IOException {
        Path a = new Path(root, "a");
        write(a, bytes(30, 4));
        assertTrue(fs.rename(a, new Path(root, "b")));
        assertFalse(fs.exists(a));
        assertEquals(30, fs.getFileStatus(new Path(root, "b")).getLen());

        write(a, bytes(31, 5));
        assertFalse(fs.rename(a, new Path(root, "b")), "an existing file is never replaced");
        assertFalse(fs.rename(new Path(root, "missing"), new Path(root, "x")));
        assertFalse(fs.rename(a, new Path(root, "no/such/parent")));

        Path dir = new Path(root, "dir");
        fs.mkdirs(dir);
        assertTrue(fs.rename(a, dir), "into an existing directory");
        assertEquals(31, fs.getFileStatus(new Path(dir, "a")).getLen());

        Path moved = new Path(root, "moved");
        assertTrue(fs.rename(dir, moved));
        assertEquals(31, fs.getFileStatus(new Path(moved, "a")).getLen());
        assertFalse(fs.exists(dir));
        assertFalse(fs.rename(moved, new Path(moved, "inside")));
    }

    @Test
    void deleteRemovesFilesAndTrees() throws IOException {
        Path dir = new Path(root, "tree");
        write(new Path(dir, "x/y"), bytes(20, 6));
        assertThrows(PathIsNotEmptyDirectoryException.class, () -> fs.delete(dir, false));
        assertTrue(fs.delete(new Path(dir, "x/y"), false));
        assertFalse(fs.exists(new Path(dir, "x/y")));
        assertTrue(fs.delete(dir, true));
        assertFalse(fs.exists(dir));
        assertFalse(fs.delete(dir, true));
    }
}
