package io.albis.crail;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.crail.testcluster.SharedCrailCluster;
import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.storage.WritableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** crail:// paths reach Crail through Albis' storage lookup, and paths are checked against the cluster. */
@ExtendWith(SharedCrailCluster.class)
class CrailStorageProviderTest {

    @Test
    void crailPathsAreServedByOneCrailStoragePerCluster() throws IOException {
        String dir = SharedCrailCluster.freshPath("provider");
        Storage storage = Storages.forPath(dir);
        assertInstanceOf(CrailStorage.class, storage);
        assertSame(storage, Storages.forPath(dir + "/elsewhere"));
        assertTrue(Storages.supported().contains("crail://"), Storages.supported());

        storage.mkdirs(dir);
        byte[] text = "hello, crail".getBytes(StandardCharsets.UTF_8);
        try (WritableFile f = storage.create(storage.resolve(dir, "greeting"))) {
            f.write(ByteBuffer.wrap(text));
        }
        // The same file by its plain path on the cluster.
        String plain = dir.substring(SharedCrailCluster.cluster().uri().toString().length());
        try (ReadableFile f = SharedCrailCluster.storage().open(plain + "/greeting")) {
            ByteBuffer b = ByteBuffer.allocate(text.length);
            f.readFully(0, b);
            assertArrayEquals(text, b.array());
        }
        storage.delete(dir);
    }

    @Test
    void pathsOfAnotherClusterOrRelativePathsAreRefused() {
        CrailStorage storage = SharedCrailCluster.storage();
        IOException other = assertThrows(IOException.class, () -> storage.exists("crail://10.1.2.3:9060/x"));
        assertTrue(other.getMessage().contains("10.1.2.3:9060"), other.getMessage());
        assertThrows(IOException.class, () -> storage.exists("relative/path"));
        assertThrows(IOException.class, () -> storage.exists("hdfs://localhost:8020/x"));
        assertThrows(IOException.class, () -> storage.mkdirs("/a/../b"));
    }

    @Test
    void namesLongerThanADirectoryRecordAreRefused() {
        CrailStorage storage = SharedCrailCluster.storage();
        String name = "n".repeat(600);
        IOException e = assertThrows(IOException.class, () -> storage.create("/" + name).close());
        assertTrue(e.getMessage().contains("bytes"), e.getMessage());
    }

    @Test
    void statReportsLengthsAndDirectories() throws IOException {
        CrailStorage storage = SharedCrailCluster.storage();
        String dir = SharedCrailCluster.freshPath("stat");
        storage.mkdirs(dir);
        try (WritableFile f = storage.create(dir + "/f")) {
            f.write(ByteBuffer.allocate(12345));
        }
        assertEquals(new CrailEntry(false, 12345, storage.stat(dir + "/f").modificationTime()), storage.stat(dir + "/f"));
        assertTrue(storage.stat(dir).directory());
        assertEquals(null, storage.stat(dir + "/missing"));
        storage.delete(dir);
    }
}
