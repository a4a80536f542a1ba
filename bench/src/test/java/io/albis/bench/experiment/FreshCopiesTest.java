package io.albis.bench.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.format.ReadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A fork reads fresh copies of its local directories, made beside them and gone after it. */
class FreshCopiesTest {

    private static Task task(int id, Kind kind, String dir) {
        return new Task(id, kind, "albis-binary", dir, null, "none", ReadSpec.all(), 1, 0, 1);
    }

    @Test
    void readsOfLocalDirectoriesGoToOneCopyEachWhichCloseRemoves(@TempDir Path root) throws IOException {
        Path table = root.resolve("int-rows10-parts2").resolve("albis-none");
        Files.createDirectories(table.resolve("p=1"));
        Files.write(table.resolve("a.data"), new byte[] {1, 2, 3});
        Files.write(table.resolve("p=1").resolve("b.data"), new byte[] {4});
        String dir = table.toString();
        List<Task> tasks = List.of(task(0, Kind.READ, dir), task(1, Kind.READ, dir), task(2, Kind.SPARK_SUM, dir),
                task(3, Kind.WRITE, root.resolve("out").toString()), task(4, Kind.READ, "hdfs://127.0.0.1:1/t"));
        Path copy;
        try (FreshCopies fresh = new FreshCopies("fork7")) {
            List<Task> out = fresh.apply(tasks);
            copy = Path.of(out.get(0).dir());
            assertEquals(root.resolve("int-rows10-parts2.fresh-fork7").resolve("albis-none"), copy);
            assertEquals(out.get(0).dir(), out.get(1).dir(), "one copy per directory");
            assertEquals(out.get(0).dir(), out.get(2).dir(), "Spark queries read a copy too");
            assertEquals(tasks.get(3), out.get(3), "a write keeps its directory");
            assertEquals(tasks.get(4), out.get(4), "a table in HDFS is not copied");
            assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(copy.resolve("a.data")));
            assertArrayEquals(new byte[] {4}, Files.readAllBytes(copy.resolve("p=1").resolve("b.data")));
            assertNotEquals(tasks.get(0).dir(), out.get(0).dir());
        }
        assertFalse(Files.exists(copy.getParent()), "removed when the fork is done");
        assertTrue(Files.exists(table.resolve("a.data")), "the original stays");
    }
}
