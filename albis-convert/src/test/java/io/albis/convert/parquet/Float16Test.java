package io.albis.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.ConvertOptions;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.DataType;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet FLOAT16 converts to an Albis float holding the same number, not to opaque bytes: every
 * one of the 65,536 half-precision bit patterns (and a null), against a reference that computes
 * the value from the IEEE 754 definition with {@link Math#scalb}.
 */
class Float16Test {
    @TempDir
    Path dir;

    @Test
    void everyHalfConvertsToTheFloatOfTheSameValue() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType(
                "message m { required int32 bits; optional fixed_len_byte_array(2) h (FLOAT16); }");
        List<Group> rows = ParquetFixtures.rows(schema, 1 << 16, (g, bits) -> g.append("bits", bits)
                .append("h", Binary.fromConstantByteArray(new byte[] {(byte) bits, (byte) (bits >>> 8)})));
        rows.add(new SimpleGroupFactory(schema).newGroup().append("bits", -1)); // h is null
        Path file = dir.resolve("halfs.parquet");
        ParquetFixtures.write(file, schema, rows);
        String out = dir.resolve("t").toString();
        ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults());

        AlbisTable table = AlbisTable.open(out);
        assertEquals(DataType.FLOAT, table.schema().column(1).type());
        int seen = 0;
        try (AlbisReader r = table.newReader(ReadOptions.all())) {
            while (r.advance()) {
                int bits = r.getInt(0);
                if (bits == -1) {
                    assertTrue(r.isNull(1));
                    continue;
                }
                seen++;
                float expected = reference(bits);
                float got = r.getFloat(1);
                if (Float.isNaN(expected)) {
                    assertTrue(Float.isNaN(got), "bits " + Integer.toHexString(bits));
                } else {
                    assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(got),
                            "bits " + Integer.toHexString(bits) + ": " + expected + " but got " + got);
                }
            }
        }
        assertEquals(1 << 16, seen);
        assertFalse(Float.isNaN(reference(0x7bff)));
        assertEquals(65504f, reference(0x7bff)); // the largest half
    }

    /** The value of half-precision {@code bits}: (-1)^s × 2^(e-15) × 1.m, or 2^-14 × 0.m when e is 0. */
    private static float reference(int bits) {
        boolean negative = (bits & 0x8000) != 0;
        int e = (bits >> 10) & 0x1f;
        int m = bits & 0x3ff;
        double v;
        if (e == 0x1f) {
            v = m == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        } else if (e == 0) {
            v = Math.scalb(m / 1024.0, -14);
        } else {
            v = Math.scalb(1 + m / 1024.0, e - 15);
        }
        return (float) (negative ? -v : v);
    }
}
