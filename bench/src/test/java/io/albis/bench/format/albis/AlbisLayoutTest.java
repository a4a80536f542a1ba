package io.albis.bench.format.albis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.albis.bench.dataset.TableCopy;
import io.albis.bench.format.BloomFilterColumn;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class AlbisLayoutTest {

    @Test
    void variantsNameLayoutsBothWays() {
        assertEquals(AlbisLayout.DEFAULT, AlbisLayout.parse(""));
        assertEquals(new AlbisLayout(10, 64 << 10), AlbisLayout.parse("cg10-seg64k"));
        assertEquals(new AlbisLayout(1, 16 << 20), AlbisLayout.parse("seg16m-cg1"));
        assertEquals("cg10-seg64k", new AlbisLayout(10, 64 << 10).variant());
        assertEquals("", AlbisLayout.withSegmentSize(1 << 20).variant());
        assertEquals("seg4m", AlbisLayout.withSegmentSize(4 << 20).variant());
        assertEquals(new AlbisLayout(0, 4 << 20), AlbisLayout.ofDirectory(Path.of("/d/albis-none-seg4m")));
        assertEquals(AlbisLayout.DEFAULT, AlbisLayout.ofDirectory(Path.of("/d/albis-none")));
    }

    @Test
    void aBloomFilterColumnIsAToken() {
        AlbisLayout bloom = AlbisLayout.withBloomFilter("key");
        assertEquals("bloom_key", bloom.variant());
        assertEquals(bloom, AlbisLayout.parse("bloom_key"));
        assertEquals(new AlbisLayout(1, 64 << 10, "", new BloomFilterColumn("ss_item_sk")),
                AlbisLayout.parse("cg1-bloom_ss_item_sk-seg64k"));
        assertEquals("cg1-seg64k-bloom_ss_item_sk", AlbisLayout.parse("cg1-bloom_ss_item_sk-seg64k").variant());
        if (!AlbisBloomFilters.WRITTEN) {
            assertThrows(UnsupportedOperationException.class, bloom::writerOptions,
                    "a copy with bloom filters is refused while albis-core writes none");
        }
        assertEquals(TableCopy.oneRowGroupPerWriter(4 << 20), AlbisLayout.withSegmentSize(4 << 20).writerOptions());
    }

    @Test
    void refusesUnknownLayouts() {
        assertThrows(IllegalArgumentException.class, () -> AlbisLayout.parse("rows"));
        assertThrows(IllegalArgumentException.class, () -> AlbisLayout.parse("seg2g"));
        assertThrows(IllegalArgumentException.class, () -> AlbisLayout.ofDirectory(Path.of("/d/parquet-none")));
    }

    @Test
    void groupsColumnsInSchemaOrder() {
        Schema.Builder b = Schema.builder();
        for (int c = 0; c < 25; c++) {
            b.column("c" + c, DataType.INT, true);
        }
        Schema source = b.build();
        assertEquals(1, AlbisLayout.DEFAULT.apply(source).groups().size());
        assertEquals(25, AlbisLayout.withColumnsPerGroup(1).apply(source).groups().size());
        Schema tens = AlbisLayout.withColumnsPerGroup(10).apply(source);
        assertEquals(3, tens.groups().size());
        assertEquals(10, tens.groups().get(1).size());
        assertEquals(5, tens.groups().get(2).size());
        assertEquals(source.columns(), tens.columns());
    }
}
