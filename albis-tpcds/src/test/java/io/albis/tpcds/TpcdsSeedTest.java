package io.albis.tpcds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.InvalidOptionException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TpcdsSeedTest {
    private static final double SCALE = 0.01;

    @Test
    void parsesSeeds() {
        assertEquals(TpcdsSeed.DSDGEN_DEFAULT, TpcdsSeed.parse("default"));
        assertEquals(TpcdsSeed.SPARK_GOLDEN, TpcdsSeed.parse(" 100 "));
        assertEquals(TpcdsSeed.DSDGEN_DEFAULT, TpcdsSeed.parse("19620718"));
        for (String bad : new String[] {"", "-1", "1e3", "seed"}) {
            InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> TpcdsSeed.parse(bad));
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void patchRewritesTheOneConstantAndRefusesOtherClassFiles() {
        byte[] file = {(byte) 0xca, (byte) 0xfe, 3, 0, 0, 0, 7, 9};
        byte[] patched = SeededClassLoader.withSeedBase(file, 7, 100);
        assertArrayEquals(new byte[] {(byte) 0xca, (byte) 0xfe, 3, 0, 0, 0, 100, 9}, patched);
        assertEquals(7, file[6], "the input is left as it was");
        assertThrows(IllegalStateException.class, () -> SeededClassLoader.withSeedBase(file, 8, 100));
        byte[] twice = ByteBuffer.allocate(10).put((byte) 3).putInt(7).put((byte) 3).putInt(7).array();
        assertThrows(IllegalStateException.class, () -> SeededClassLoader.withSeedBase(twice, 7, 100));
    }

    @Test
    void theDefaultSeedGivesTheLibrarysOwnRowsAndAnotherSeedOthers() {
        List<List<String>> unpatched = all(new GeneratedRows().rows("customer", SCALE, 1, 1));
        List<List<String>> byDefault = all(TableRows.seeded(TpcdsSeed.DSDGEN_DEFAULT).rows("customer", SCALE, 1, 1));
        List<List<String>> spark = all(TableRows.seeded(TpcdsSeed.SPARK_GOLDEN).rows("customer", SCALE, 1, 1));
        assertEquals(unpatched, byDefault);
        assertEquals(unpatched.size(), spark.size(), "the seed changes values, not the row count of a dimension");
        assertNotEquals(unpatched.get(0).subList(1, unpatched.get(0).size()), spark.get(0).subList(1, spark.get(0).size()));
        assertEquals(spark, all(TableRows.seeded(TpcdsSeed.SPARK_GOLDEN).rows("customer", SCALE, 1, 1)),
                "a seed gives the same rows every time");
    }

    @Test
    void chunksOnThreadsMakeTheSameTextAsOneChunk(@TempDir Path dir) throws IOException {
        long one = TpcdsTextFiles.write("web_sales", SCALE, TpcdsSeed.SPARK_GOLDEN, 1, dir.resolve("one"), r -> { });
        long three = TpcdsTextFiles.write("web_sales", SCALE, TpcdsSeed.SPARK_GOLDEN, 3, dir.resolve("three"), r -> { });
        assertEquals(one, three);
        List<String> joined = new ArrayList<>();
        for (int part = 1; part <= 3; part++) {
            joined.addAll(Files.readAllLines(dir.resolve("three").resolve(String.format("part-%05d.dat", part)),
                    StandardCharsets.ISO_8859_1));
        }
        List<String> serial = Files.readAllLines(dir.resolve("one").resolve("part-00001.dat"), StandardCharsets.ISO_8859_1);
        assertEquals(serial.size(), one);
        assertEquals(serial, joined);
        String first = serial.get(0);
        assertEquals(TpcdsGenerator.table("web_sales").getColumns().length, first.split("\\|", -1).length, first);
    }

    private static List<List<String>> all(Iterator<List<String>> rows) {
        List<List<String>> out = new ArrayList<>();
        rows.forEachRemaining(out::add);
        return out;
    }
}
