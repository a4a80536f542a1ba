package io.albis.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import io.albis.nested.StructValue;
import io.albis.row.NestedValueEncoder;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.expressions.UnsafeMapData;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.unsafe.Platform;
import org.junit.jupiter.api.Test;

/**
 * The claim of docs/FORMAT.md §6: a stored list or map is Spark's {@code UnsafeArrayData} /
 * {@code UnsafeMapData} (structs inside: {@code UnsafeRow}), so Spark reads it as stored. Values
 * encoded by Albis are read back by Spark's own classes (an independent implementation) and
 * compared with what Albis's views read.
 */
class SparkReadsNestedValuesTest {
    private static final NestedValueEncoder ENCODER = new NestedValueEncoder();

    private static byte[] encode(DataType t, Object v) {
        ENCODER.encode(t, v, "value");
        return Arrays.copyOf(ENCODER.bytes(), ENCODER.length());
    }

    private static UnsafeArrayData sparkArray(byte[] b) {
        UnsafeArrayData a = new UnsafeArrayData();
        a.pointTo(b, Platform.BYTE_ARRAY_OFFSET, b.length);
        return a;
    }

    @Test
    void listsOfEveryElementWidthWithNulls() {
        Random r = new Random(1);
        for (int round = 0; round < 200; round++) {
            int n = r.nextInt(3) == 0 ? 60 + r.nextInt(20) : r.nextInt(6);
            List<Object> ints = new ArrayList<>();
            List<Object> longs = new ArrayList<>();
            List<Object> doubles = new ArrayList<>();
            List<Object> bools = new ArrayList<>();
            List<Object> shorts = new ArrayList<>();
            List<Object> strings = new ArrayList<>();
            List<Object> decimals = new ArrayList<>();
            List<Object> dates = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                boolean isNull = r.nextInt(5) == 0;
                ints.add(isNull ? null : r.nextInt());
                longs.add(isNull ? null : r.nextLong());
                doubles.add(isNull ? null : r.nextGaussian());
                bools.add(isNull ? null : r.nextBoolean());
                shorts.add(isNull ? null : (short) r.nextInt());
                strings.add(isNull ? null : "s" + r.nextInt(1000) + "é".repeat(r.nextInt(4)));
                decimals.add(isNull ? null : BigDecimal.valueOf(r.nextLong() % 1_000_000_000_000L, 2));
                dates.add(isNull ? null : LocalDate.ofEpochDay(r.nextInt(50_000)));
            }
            UnsafeArrayData a = sparkArray(encode(DataType.list(DataType.INT, true), ints));
            for (int i = 0; i < n; i++) {
                assertEquals(ints.get(i) == null, a.isNullAt(i));
                if (ints.get(i) != null) {
                    assertEquals(ints.get(i), a.getInt(i));
                }
            }
            UnsafeArrayData l = sparkArray(encode(DataType.list(DataType.LONG, true), longs));
            UnsafeArrayData d = sparkArray(encode(DataType.list(DataType.DOUBLE, true), doubles));
            UnsafeArrayData b = sparkArray(encode(DataType.list(DataType.BOOLEAN, true), bools));
            UnsafeArrayData s = sparkArray(encode(DataType.list(DataType.SHORT, true), shorts));
            UnsafeArrayData str = sparkArray(encode(DataType.list(DataType.STRING, true), strings));
            UnsafeArrayData dec = sparkArray(encode(DataType.list(DataType.decimal(18, 2), true), decimals));
            UnsafeArrayData day = sparkArray(encode(DataType.list(DataType.DATE, true), dates));
            assertEquals(n, l.numElements());
            for (int i = 0; i < n; i++) {
                if (longs.get(i) == null) {
                    assertTrue(l.isNullAt(i) && d.isNullAt(i) && b.isNullAt(i) && str.isNullAt(i) && dec.isNullAt(i));
                    continue;
                }
                assertEquals(longs.get(i), l.getLong(i));
                assertEquals(doubles.get(i), d.getDouble(i));
                assertEquals(bools.get(i), b.getBoolean(i));
                assertEquals(shorts.get(i), s.getShort(i));
                assertEquals(strings.get(i), str.getUTF8String(i).toString());
                assertEquals(decimals.get(i), dec.getDecimal(i, 18, 2).toJavaBigDecimal());
                assertEquals(((LocalDate) dates.get(i)).toEpochDay(), day.getInt(i));
            }
        }
    }

    @Test
    void mapsStructsAndWideDecimalsNestedInEachOther() {
        DataType item = DataType.struct(Field.required("k", DataType.INT), Field.of("v", DataType.STRING),
                Field.of("amount", DataType.decimal(30, 2)), Field.of("tags", DataType.list(DataType.BINARY, true)));
        DataType type = DataType.map(DataType.STRING, DataType.list(item, true), true);
        Map<Object, Object> value = new LinkedHashMap<>();
        Map<String, Object> first = new LinkedHashMap<>();
        first.put("k", 1);
        first.put("v", "x");
        first.put("amount", new BigDecimal("-123456789012345678901234567.89"));
        first.put("tags", Arrays.asList(new byte[] {1, 2}, null, new byte[0]));
        Map<String, Object> second = new LinkedHashMap<>();
        second.put("k", 2);
        value.put("a", Arrays.asList(first, null, second));
        value.put("b", null);
        value.put("c", List.of());
        byte[] bytes = encode(type, value);

        UnsafeMapData m = new UnsafeMapData();
        m.pointTo(bytes, Platform.BYTE_ARRAY_OFFSET, bytes.length);
        MapValue albis = MapValue.of(bytes, 0, bytes.length, type);
        assertEquals(3, m.numElements());
        assertEquals(albis.count(), m.numElements());
        for (int i = 0; i < 3; i++) {
            assertEquals(albis.keys().getString(i), m.keyArray().getUTF8String(i).toString());
            assertEquals(albis.values().isNull(i), m.valueArray().isNullAt(i));
        }
        UnsafeArrayData items = m.valueArray().getArray(0);
        ArrayValue albisItems = albis.values().getList(0);
        assertEquals(3, items.numElements());
        assertTrue(items.isNullAt(1));
        UnsafeRow row = items.getStruct(0, 4);
        StructValue albisRow = albisItems.getStruct(0);
        assertEquals(albisRow.getInt(0), row.getInt(0));
        assertEquals(albisRow.getString(1), row.getUTF8String(1).toString());
        assertEquals(albisRow.getDecimal(2), row.getDecimal(2, 30, 2).toJavaBigDecimal());
        UnsafeArrayData tags = row.getArray(3);
        assertArrayEquals(new byte[] {1, 2}, tags.getBinary(0));
        assertTrue(tags.isNullAt(1));
        assertArrayEquals(new byte[0], tags.getBinary(2));
        UnsafeRow secondRow = items.getStruct(2, 4);
        assertEquals(2, secondRow.getInt(0));
        assertTrue(secondRow.isNullAt(1) && secondRow.isNullAt(2) && secondRow.isNullAt(3));
        assertEquals(0, m.valueArray().getArray(2).numElements());
        // Spark's bytes of the key array are Albis's, byte for byte.
        UnsafeArrayData keys = m.keyArray();
        byte[] sparkKeyBytes = new byte[keys.getSizeInBytes()];
        Platform.copyMemory(keys.getBaseObject(), keys.getBaseOffset(), sparkKeyBytes, Platform.BYTE_ARRAY_OFFSET,
                sparkKeyBytes.length);
        assertArrayEquals(albis.keys().toByteArray(), sparkKeyBytes);
        assertEquals("a", new String(m.keyArray().getBinary(0), StandardCharsets.UTF_8));
    }
}
