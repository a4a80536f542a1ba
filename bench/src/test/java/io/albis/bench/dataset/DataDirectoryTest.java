package io.albis.bench.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DataDirectoryTest {

    @Test
    void namesCarryFormatCodecAndVariant() {
        assertEquals("parquet-snappy", DataDirectory.name("parquet", "snappy", ""));
        assertEquals("albis-none-cg10", DataDirectory.name("albis", "none", "cg10"));
        assertEquals("cg10", DataDirectory.variantOf(Path.of("x/albis-none-cg10"), "albis", "none"));
        assertEquals("", DataDirectory.variantOf(Path.of("x/arrow-ipc-none"), "arrow-ipc", "none"));
        assertEquals("bloom_key-noindex", DataDirectory.variantOf(Path.of("x/parquet-zstd-bloom_key-noindex"), "parquet"));
        assertEquals("", DataDirectory.variantOf(Path.of("x/parquet-snappy"), "parquet"));
    }

    @Test
    void refusesAmbiguousNames() {
        assertThrows(IllegalArgumentException.class, () -> DataDirectory.name("orc", "z-std", ""));
        assertThrows(IllegalArgumentException.class, () -> DataDirectory.variantOf(Path.of("x/albis-nonecg1"), "albis", "none"));
        assertThrows(IllegalArgumentException.class, () -> DataDirectory.variantOf(Path.of("x/parquet-"), "parquet"));
        assertThrows(IllegalArgumentException.class, () -> DataDirectory.variantOf(Path.of("x/orc-none"), "parquet"));
    }
}
