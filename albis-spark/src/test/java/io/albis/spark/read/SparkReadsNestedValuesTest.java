package io.albis.spark.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.albis.nested.LegacyNested;
import io.albis.nested.NestedShape;
import io.albis.row.NestedValueEncoder;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.spark.types.SparkTypes;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.catalyst.CatalystTypeConverters;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.expressions.UnsafeMapData;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.unsafe.Platform;
import org.junit.jupiter.api.Test;

/**
 * Spark reads the lists and maps Albis stores (docs/FORMAT.md §6) through its column vectors
 * ({@link StoredValues}, Spark's {@code ColumnarArray}/{@code ColumnarMap} over the stored
 * elements), and reads them as Spark builds the same values itself: Spark's own converter of Java
 * values (an independent implementation) and Spark's projection turn both into Spark's
 * {@code UnsafeArrayData}/{@code UnsafeMapData}, which must be the same bytes. Spark's bytes of a
 * value are also what files of 3.0 to 5.x store: Albis's check passes them and its reader of them
 * gives back the value in today's layout, byte for byte.
 */
class SparkReadsNestedValuesTest {
    private static final DataType ITEM = DataType.struct(Field.required("k", DataType.INT), Field.of("v", DataType.STRING),
            Field.of("amount", DataType.decimal(30, 2)), Field.of("tags", DataType.list(DataType.BINARY, true)));

    private static byte[] encode(DataType t, Object v) {
        NestedValueEncoder e = new NestedValueEncoder();
        e.encode(t, v, "value");
        return Arrays.copyOf(e.bytes(), e.length());
    }

    /**
     * Checks value {@code v} of list or map type {@code t}: Albis's bytes read through Spark's
     * vectors, and Spark's conversion of the Java value, project to the same bytes; Spark's bytes
     * read as a value of 3.0 to 5.x give Albis's bytes.
     */
    private static void assertSparkReadsAsItBuilds(DataType t, Object v) {
        org.apache.spark.sql.types.DataType spark = SparkTypes.toSpark(t);
        UnsafeProjection project = UnsafeProjection.create(new org.apache.spark.sql.types.DataType[] {spark});
        byte[] albis = encode(t, v);
        NestedShape shape = NestedShape.of(t);
        Object read = spark instanceof ArrayType a
                ? StoredValues.list(a, shape, albis, Platform.BYTE_ARRAY_OFFSET, albis.length)
                : StoredValues.map((MapType) spark, shape, albis, Platform.BYTE_ARRAY_OFFSET, albis.length);
        UnsafeRow fromAlbis = project.apply(new GenericInternalRow(new Object[] {read})).copy();
        Function<Object, Object> toCatalyst = CatalystTypeConverters.createToCatalystConverter(spark)::apply;
        UnsafeRow fromSpark = project.apply(new GenericInternalRow(new Object[] {toCatalyst.apply(forSpark(v, t))})).copy();
        assertArrayEquals(fromSpark.getBytes(), fromAlbis.getBytes(), t + " " + v);

        byte[] sparkBytes = spark instanceof ArrayType ? bytes(fromSpark.getArray(0)) : bytes(fromSpark.getMap(0));
        assertNull(LegacyNested.problem(sparkBytes, Platform.BYTE_ARRAY_OFFSET, sparkBytes.length, shape));
        assertArrayEquals(albis, NestedValueEncoder.fromLegacy(sparkBytes, Platform.BYTE_ARRAY_OFFSET, sparkBytes.length, t),
                "Spark's bytes of " + v + " read as a value of 3.0 to 5.x");
    }

    private static byte[] bytes(Object unsafe) {
        if (unsafe instanceof UnsafeArrayData a) {
            return copy(a.getBaseObject(), a.getBaseOffset(), a.getSizeInBytes());
        }
        UnsafeMapData m = (UnsafeMapData) unsafe;
        return copy(m.getBaseObject(), m.getBaseOffset(), m.getSizeInBytes());
    }

    private static byte[] copy(Object base, long offset, int size) {
        byte[] b = new byte[size];
        Platform.copyMemory(base, offset, b, Platform.BYTE_ARRAY_OFFSET, size);
        return b;
    }

    /** The Java value as Spark's converter takes it: a struct (a map by field name) as a Row. */
    private static Object forSpark(Object v, DataType t) {
        if (v == null) {
            return null;
        }
        return switch (t.id()) {
            case LIST -> {
                List<Object> out = new ArrayList<>();
                for (Object e : (List<?>) v) {
                    out.add(forSpark(e, t.elementField().type()));
                }
                yield out;
            }
            case MAP -> {
                Map<Object, Object> out = new LinkedHashMap<>();
                ((Map<?, ?>) v).forEach((k, e) -> out.put(forSpark(k, t.keyField().type()), forSpark(e, t.valueField().type())));
                yield out;
            }
            case STRUCT -> {
                Map<?, ?> fields = (Map<?, ?>) v;
                Object[] values = new Object[t.fields().size()];
                for (int f = 0; f < values.length; f++) {
                    Field field = t.fields().get(f);
                    values[f] = forSpark(fields.get(field.name()), field.type());
                }
                yield RowFactory.create(values);
            }
            default -> v;
        };
    }

    @Test
    void listsOfEveryElementWidthWithNulls() {
        Random r = new Random(1);
        List<DataType> types = List.of(DataType.INT, DataType.LONG, DataType.DOUBLE, DataType.FLOAT, DataType.BOOLEAN,
                DataType.BYTE, DataType.SHORT, DataType.STRING, DataType.BINARY, DataType.decimal(18, 2),
                DataType.decimal(30, 3), DataType.DATE, DataType.TIMESTAMP);
        for (int round = 0; round < 200; round++) {
            int n = r.nextInt(3) == 0 ? 60 + r.nextInt(300) : r.nextInt(6);
            for (DataType element : types) {
                boolean nullable = r.nextBoolean();
                List<Object> values = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    values.add(nullable && r.nextInt(5) == 0 ? null : leaf(element, r));
                }
                assertSparkReadsAsItBuilds(DataType.list(element, nullable), values);
            }
        }
    }

    private static Object leaf(DataType t, Random r) {
        return switch (t.id()) {
            case INT -> r.nextInt();
            case LONG -> r.nextLong();
            case DOUBLE -> r.nextGaussian();
            case FLOAT -> (float) r.nextGaussian();
            case BOOLEAN -> r.nextBoolean();
            case BYTE -> (byte) r.nextInt();
            case SHORT -> (short) r.nextInt();
            case STRING -> "s" + r.nextInt(1000) + "é".repeat(r.nextInt(4)) + "x".repeat(r.nextInt(3) == 0 ? 300 : 0);
            case BINARY -> new byte[r.nextInt(4)];
            case DECIMAL -> t.isWideDecimal() ? new BigDecimal(new java.math.BigInteger(88, r), 3).negate()
                    : BigDecimal.valueOf(r.nextLong() % 1_000_000_000_000L, 2);
            case DATE -> LocalDate.ofEpochDay(r.nextInt(50_000));
            case TIMESTAMP -> Instant.ofEpochSecond(r.nextInt(2_000_000_000), 1000L * r.nextInt(1_000_000));
            default -> throw new IllegalArgumentException(t.toString());
        };
    }

    @Test
    void mapsStructsAndWideDecimalsNestedInEachOther() {
        DataType type = DataType.map(DataType.STRING, DataType.list(ITEM, true), true);
        Map<String, Object> first = new LinkedHashMap<>();
        first.put("k", 1);
        first.put("v", "x");
        first.put("amount", new BigDecimal("-123456789012345678901234567.89"));
        first.put("tags", Arrays.asList(new byte[] {1, 2}, null, new byte[0]));
        Map<String, Object> second = new LinkedHashMap<>();
        second.put("k", 2);
        Map<Object, Object> value = new LinkedHashMap<>();
        value.put("a", Arrays.asList(first, null, second));
        value.put("b", null);
        value.put("c", List.of());
        assertSparkReadsAsItBuilds(type, value);
        assertSparkReadsAsItBuilds(type, Map.of());
        DataType lists = DataType.list(DataType.list(DataType.map(DataType.INT, DataType.STRING, false), true), false);
        assertSparkReadsAsItBuilds(lists, List.of(Arrays.asList(Map.of(1, "one"), null, Map.of()), List.of()));
        Map<Object, Object> wideKeys = new LinkedHashMap<>();
        wideKeys.put(new BigDecimal("12345678901234567890.5"), 1.5);
        wideKeys.put(new BigDecimal("-1.0"), null);
        assertSparkReadsAsItBuilds(DataType.map(DataType.decimal(38, 1), DataType.DOUBLE, true), wideKeys);
        assertEquals(3, value.size());
    }
}
