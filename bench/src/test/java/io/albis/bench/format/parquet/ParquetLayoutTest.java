package io.albis.bench.format.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.albis.bench.format.BloomFilterColumn;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ParquetLayoutTest {

    @Test
    void variantsNameLayoutsBothWays() {
        assertEquals(ParquetLayout.DEFAULT, ParquetLayout.parse(""));
        assertEquals("", ParquetLayout.DEFAULT.variant());
        assertEquals("bloom_key", ParquetLayout.withBloomFilter("key").variant());
        assertEquals("noindex", ParquetLayout.DEFAULT.withoutPageIndex().variant());
        assertEquals(new ParquetLayout(new BloomFilterColumn("ss_item_sk"), false),
                ParquetLayout.parse("noindex-bloom_ss_item_sk"));
        assertEquals(ParquetLayout.DEFAULT, ParquetLayout.ofDirectory(Path.of("/d/parquet-snappy")));
        assertEquals(ParquetLayout.withBloomFilter("key"), ParquetLayout.ofDirectory(Path.of("/d/parquet-zstd-bloom_key")));
        assertEquals(ParquetLayout.DEFAULT.withoutPageIndex(), ParquetLayout.ofDirectory(Path.of("/d/parquet-none-noindex")));
    }

    @Test
    void refusesUnknownLayouts() {
        assertThrows(IllegalArgumentException.class, () -> ParquetLayout.parse("cg10"));
        assertThrows(IllegalArgumentException.class, () -> ParquetLayout.parse("bloom_"));
        assertThrows(IllegalArgumentException.class, () -> ParquetLayout.ofDirectory(Path.of("/d/orc-none")));
        assertThrows(IllegalArgumentException.class, () -> ParquetLayout.ofDirectory(Path.of("/d/parquet-")));
        assertThrows(IllegalArgumentException.class, () -> ParquetLayout.ofDirectory(Path.of("/d/parquet--noindex")));
    }
}
