package io.albis.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.convert.AlbisRows;
import io.albis.convert.RandomValues;
import io.albis.read.AlbisReader;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.JulianFields;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.ObjIntConsumer;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.NanoTime;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Test data on parquet-java's own terms: random rows for any supported Parquet schema, written
 * and read with parquet-java's example Group API, and an interpretation of each Parquet value as
 * the Albis value it must become, written independently of the converter's code.
 */
public final class ParquetFixtures {
    private ParquetFixtures() {
    }

    /** Every Parquet type the converter supports, nullable and not, nested optional groups included. */
    public static MessageType fullSchema() {
        StringBuilder s = new StringBuilder("message full {\n");
        s.append("""
                  required int32 id;
                  optional boolean flag;
                  optional int32 i32;
                  required int64 i64;
                  optional int32 i8 (INTEGER(8,true));
                  optional int32 i16 (INTEGER(16,true));
                  optional int32 i32s (INTEGER(32,true));
                  optional int32 u8 (INTEGER(8,false));
                  optional int32 u16 (INTEGER(16,false));
                  optional int32 u32 (INTEGER(32,false));
                  optional int64 u64 (INTEGER(64,false));
                  optional int64 s64 (INTEGER(64,true));
                  optional int32 day (DATE);
                  optional int32 tod_ms (TIME(MILLIS,true));
                  optional int64 tod_us (TIME(MICROS,true));
                  optional int64 ts_ms (TIMESTAMP(MILLIS,true));
                  optional int64 ts_us (TIMESTAMP(MICROS,true));
                  optional int64 ts_ns (TIMESTAMP(NANOS,false));
                  optional int64 ts_local_us (TIMESTAMP(MICROS,false));
                  optional int96 ts96;
                  optional float f;
                  optional double d;
                  required float f_req;
                  optional binary s (STRING);
                  required binary s_req (STRING);
                  optional binary e (ENUM);
                  optional binary j (JSON);
                  optional binary raw;
                  optional fixed_len_byte_array(5) fixed5;
                  optional fixed_len_byte_array(16) id16 (UUID);
                  optional int32 dec_i32 (DECIMAL(9,2));
                  optional int64 dec_i64 (DECIMAL(18,6));
                  optional int64 dec_i64_small (DECIMAL(4,4));
                  optional binary dec_bin (DECIMAL(30,5));
                  optional binary dec_bin_small (DECIMAL(5,1));
                  optional fixed_len_byte_array(12) dec_flba_loose (DECIMAL(10,3));
                """);
        for (int p = 1; p <= 38; p++) {
            int scale = p / 3;
            String physical = p <= 9 ? "int32" : p <= 18 ? "int64"
                    : "fixed_len_byte_array(" + ParquetSchemas.decimalBytes(p) + ")";
            s.append("  optional ").append(physical).append(" dec_p").append(p)
                    .append(" (DECIMAL(").append(p).append(',').append(scale).append("));\n");
        }
        s.append("""
                  optional group g {
                    optional int32 x;
                    required binary name (STRING);
                    optional group inner {
                      optional double v;
                      required int64 w;
                      required boolean bb;
                      required binary rs (STRING);
                    }
                    required group req_inner {
                      optional int32 y;
                      required int32 z;
                    }
                  }
                  required group r {
                    optional int32 a;
                    optional group deep {
                      required fixed_len_byte_array(3) fx;
                      optional binary dd (DECIMAL(20,2));
                    }
                  }
                }
                """);
        return MessageTypeParser.parseMessageType(s.toString());
    }

    // ------------------------------------------------------------------ random rows

    /** {@code n} rows of {@code schema}, row {@code i} a new group {@code fill} appends values to; more may be added. */
    public static List<Group> rows(MessageType schema, int n, ObjIntConsumer<Group> fill) {
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        List<Group> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Group g = groups.newGroup();
            fill.accept(g, i);
            rows.add(g);
        }
        return rows;
    }

    public static List<Group> randomRows(MessageType schema, int n, long seed) {
        Random rnd = new Random(seed);
        SimpleGroupFactory factory = new SimpleGroupFactory(schema);
        List<Group> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Group g = factory.newGroup();
            fill(g, schema, rnd, i);
            rows.add(g);
        }
        return rows;
    }

    private static void fill(Group g, GroupType type, Random rnd, int row) {
        for (int i = 0; i < type.getFieldCount(); i++) {
            Type t = type.getType(i);
            int count = t.isRepetition(Type.Repetition.REPEATED) ? repetitions(rnd)
                    : t.isRepetition(Type.Repetition.OPTIONAL) && rnd.nextInt(5) == 0 ? 0 : 1; // 0: null
            for (int k = 0; k < count; k++) {
                if (t.getName().equals("id")) {
                    g.add(i, row);
                } else if (t.isPrimitive()) {
                    addRandom(g, i, t.asPrimitiveType(), rnd);
                } else {
                    fill(g.addGroup(i), t.asGroupType(), rnd, row);
                }
            }
        }
    }

    /** Values of a repeated field: mostly a few, now and then none or more than 64. */
    private static int repetitions(Random rnd) {
        return switch (rnd.nextInt(40)) {
            case 0, 1, 2, 3, 4, 5 -> 0;
            case 6 -> 65 + rnd.nextInt(3);
            default -> 1 + rnd.nextInt(3);
        };
    }

    private static void addRandom(Group g, int i, PrimitiveType t, Random rnd) {
        LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
        switch (t.getPrimitiveTypeName()) {
            case BOOLEAN -> g.add(i, rnd.nextBoolean());
            case INT32 -> {
                if (a instanceof IntLogicalTypeAnnotation ia && ia.getBitWidth() < 32) {
                    long lo = ia.isSigned() ? -(1L << (ia.getBitWidth() - 1)) : 0;
                    long hi = ia.isSigned() ? (1L << (ia.getBitWidth() - 1)) - 1 : (1L << ia.getBitWidth()) - 1;
                    int pick = rnd.nextInt(6);
                    g.add(i, (int) (pick == 0 ? lo : pick == 1 ? hi : lo + (long) (rnd.nextDouble() * (hi - lo + 1))));
                } else if (a instanceof DecimalLogicalTypeAnnotation d) {
                    g.add(i, RandomValues.randomUnscaled(d.getPrecision(), rnd).intValueExact());
                } else if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation) {
                    g.add(i, rnd.nextInt(86_400_000));
                } else {
                    g.add(i, RandomValues.extremeInt(rnd));
                }
            }
            case INT64 -> {
                if (a instanceof DecimalLogicalTypeAnnotation d) {
                    g.add(i, RandomValues.randomUnscaled(d.getPrecision(), rnd).longValueExact());
                } else if (a instanceof TimestampLogicalTypeAnnotation ts) {
                    g.add(i, switch (ts.getUnit()) {
                        case MILLIS -> boundedLong(rnd, Long.MAX_VALUE / 1000);
                        case MICROS -> RandomValues.extremeLong(rnd);
                        case NANOS -> boundedLong(rnd, Long.MAX_VALUE / 1000) * 1000;
                    });
                } else if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation) {
                    g.add(i, (long) rnd.nextInt(86_400_000) * 1000);
                } else {
                    g.add(i, RandomValues.extremeLong(rnd));
                }
            }
            case INT96 -> {
                int julianDay = rnd.nextInt(4) == 0 ? 2_440_588 + rnd.nextInt(3) - 1 : rnd.nextInt(5_000_000);
                long nanos = (rnd.nextInt(3) == 0 ? 86_399_999_999L : (long) (rnd.nextDouble() * 86_400_000_000L)) * 1000;
                g.add(i, new NanoTime(julianDay, nanos));
            }
            case FLOAT -> g.add(i, RandomValues.randomFloat(rnd));
            case DOUBLE -> g.add(i, RandomValues.randomDouble(rnd));
            case BINARY -> {
                if (a instanceof DecimalLogicalTypeAnnotation d) {
                    g.add(i, Binary.fromConstantByteArray(RandomValues.randomUnscaled(d.getPrecision(), rnd).toByteArray()));
                } else if (a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation) {
                    g.add(i, Binary.fromString(new String[] {"RED", "GREEN", "BLUE", "ÄÖÜ"}[rnd.nextInt(4)]));
                } else if (a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
                    g.add(i, Binary.fromString("{\"k\": " + rnd.nextInt() + ", \"s\": \"ü\"}"));
                } else if (a != null) {
                    g.add(i, Binary.fromString(RandomValues.randomString(rnd)));
                } else {
                    byte[] b = new byte[rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(40)];
                    rnd.nextBytes(b);
                    g.add(i, Binary.fromConstantByteArray(b));
                }
            }
            case FIXED_LEN_BYTE_ARRAY -> {
                int len = t.getTypeLength();
                byte[] b = new byte[len];
                if (a instanceof DecimalLogicalTypeAnnotation d) {
                    byte[] v = RandomValues.randomUnscaled(d.getPrecision(), rnd).toByteArray();
                    byte sign = (byte) (v[0] < 0 ? -1 : 0);
                    Arrays.fill(b, 0, len - v.length, sign);
                    System.arraycopy(v, 0, b, len - v.length, v.length);
                } else {
                    rnd.nextBytes(b);
                }
                g.add(i, Binary.fromConstantByteArray(b));
            }
        }
    }

    private static long boundedLong(Random rnd, long bound) {
        return switch (rnd.nextInt(6)) {
            case 0 -> bound;
            case 1 -> -bound;
            case 2 -> -1;
            default -> rnd.nextLong() % bound;
        };
    }

    // ------------------------------------------------------------------ parquet-java I/O

    /** Small row groups and pages so a few thousand rows span several of each; dictionaries on. */
    public static void write(Path file, MessageType schema, List<Group> rows) throws IOException {
        write(file, schema, rows, CompressionCodecName.UNCOMPRESSED);
    }

    public static void write(Path file, MessageType schema, List<Group> rows, CompressionCodecName codec) throws IOException {
        write(writer(file, schema).withCompressionCodec(codec), rows);
    }

    /** The writer {@link #write} uses, for tests that change more of its settings. */
    public static ExampleParquetWriter.Builder writer(Path file, MessageType schema) {
        return ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withType(schema)
                .withRowGroupSize(64 * 1024L)
                .withPageSize(4096)
                .withDictionaryPageSize(4096)
                .withDictionaryEncoding(true);
    }

    public static void write(ExampleParquetWriter.Builder writer, List<Group> rows) throws IOException {
        try (ParquetWriter<Group> w = writer.build()) {
            for (Group g : rows) {
                w.write(g);
            }
        }
    }

    private static final class GroupReaderBuilder extends ParquetReader.Builder<Group> {
        GroupReaderBuilder(InputFile file) {
            super(file);
        }

        @Override
        protected ReadSupport<Group> getReadSupport() {
            return new GroupReadSupport();
        }
    }

    /** The number of row groups in a Parquet file's footer. */
    public static int readFooterRowGroups(Path file) throws IOException {
        try (org.apache.parquet.hadoop.ParquetFileReader r = org.apache.parquet.hadoop.ParquetFileReader.open(
                new LocalInputFile(file))) {
            return r.getRowGroups().size();
        }
    }

    /** All rows of a Parquet file, read by parquet-java's own Group reader. */
    public static List<Group> read(Path file) throws IOException {
        List<Group> rows = new ArrayList<>();
        try (ParquetReader<Group> r = new GroupReaderBuilder(new LocalInputFile(file)).build()) {
            for (Group g = r.read(); g != null; g = r.read()) {
                rows.add(g);
            }
        }
        return rows;
    }

    // ------------------------------------------------------------------ expected Albis values

    /**
     * The row as the Albis reader's {@link AlbisReader#toNestedMap()} must show it: a null
     * optional field is null, a present group a map; binary as lowercase hex; lists, maps and
     * repeated fields as {@link #field} reads them.
     */
    public static Map<String, Object> expected(Group g, GroupType type) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < type.getFieldCount(); i++) {
            m.put(type.getType(i).getName(), field(g, i, type.getType(i)));
        }
        return m;
    }

    /**
     * Field {@code i} of a group as Albis shows it, by the rules of Parquet's LogicalTypes.md
     * (written here apart from the converter's code): a repeated field is a list of its values;
     * any other field is its value, or null when absent.
     */
    public static Object field(Group g, int i, Type t) {
        int n = g.getFieldRepetitionCount(i);
        if (t.isRepetition(Type.Repetition.REPEATED)) {
            List<Object> list = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                list.add(value(g, i, k, t));
            }
            return list;
        }
        return n == 0 ? null : value(g, i, 0, t);
    }

    /** Value {@code k} of field {@code i}: a primitive, or a group as a list, a map or a struct. */
    private static Object value(Group g, int i, int k, Type t) {
        if (t.isPrimitive()) {
            return value(g, i, k, t.asPrimitiveType());
        }
        GroupType type = t.asGroupType();
        Group v = g.getGroup(i, k);
        LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
        if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
            return list(v, type);
        }
        if (a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
                || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) {
            Map<Object, Object> map = new LinkedHashMap<>();
            GroupType entry = type.getType(0).asGroupType();
            for (int e = 0; e < v.getFieldRepetitionCount(0); e++) {
                Group kv = v.getGroup(0, e);
                map.put(field(kv, 0, entry.getType(0)), field(kv, 1, entry.getType(1))); // a later key replaces
            }
            return map;
        }
        return expected(v, type);
    }

    /**
     * A LIST group's elements: the repeated field is the element itself when it is primitive, a
     * group of other than one field, a group whose one field is repeated, or named {@code array}
     * or {@code <list>_tuple}; otherwise its one field is the element, which may be absent (null).
     */
    private static List<Object> list(Group v, GroupType listType) {
        Type repeated = listType.getType(0);
        boolean itself = repeated.isPrimitive() || repeated.asGroupType().getFieldCount() != 1
                || repeated.asGroupType().getType(0).isRepetition(Type.Repetition.REPEATED)
                || repeated.getName().equals("array") || repeated.getName().equals(listType.getName() + "_tuple");
        List<Object> out = new ArrayList<>();
        for (int k = 0; k < v.getFieldRepetitionCount(0); k++) {
            if (itself) {
                out.add(value(v, 0, k, repeated));
            } else {
                out.add(field(v.getGroup(0, k), 0, repeated.asGroupType().getType(0)));
            }
        }
        return out;
    }

    private static Object value(Group g, int i, int k, PrimitiveType t) {
        LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
        switch (t.getPrimitiveTypeName()) {
            case BOOLEAN:
                return g.getBoolean(i, k);
            case INT32: {
                int v = g.getInteger(i, k);
                if (a instanceof IntLogicalTypeAnnotation ia) {
                    if (ia.isSigned()) {
                        return ia.getBitWidth() == 8 ? (Object) (byte) v : ia.getBitWidth() == 16 ? (Object) (short) v : (Object) v;
                    }
                    return ia.getBitWidth() == 8 ? (Object) (short) v : ia.getBitWidth() == 16 ? (Object) v
                            : (Object) Integer.toUnsignedLong(v);
                }
                if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
                    return LocalDate.ofEpochDay(v);
                }
                if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation) {
                    return v * 1000L; // TIME(MILLIS) as microseconds of the day
                }
                if (a instanceof DecimalLogicalTypeAnnotation d) {
                    return BigDecimal.valueOf(v, d.getScale());
                }
                return v;
            }
            case INT64: {
                long v = g.getLong(i, k);
                if (a instanceof IntLogicalTypeAnnotation ia && !ia.isSigned()) {
                    return new BigDecimal(new BigInteger(Long.toUnsignedString(v)));
                }
                if (a instanceof TimestampLogicalTypeAnnotation ts) {
                    Instant at = switch (ts.getUnit()) {
                        case MILLIS -> Instant.ofEpochMilli(v);
                        case MICROS -> Instant.EPOCH.plus(v, ChronoUnit.MICROS);
                        case NANOS -> Instant.EPOCH.plusNanos(v);
                    };
                    // Not adjusted to UTC: the same numbers as a wall clock, never shifted.
                    return ts.isAdjustedToUTC() ? at : java.time.LocalDateTime.ofInstant(at, ZoneOffset.UTC);
                }
                if (a instanceof DecimalLogicalTypeAnnotation d) {
                    return BigDecimal.valueOf(v, d.getScale());
                }
                if (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation time
                        && time.getUnit() == LogicalTypeAnnotation.TimeUnit.NANOS) {
                    return v / 1000; // TIME(NANOS) as microseconds of the day
                }
                return v;
            }
            case INT96: {
                NanoTime nt = NanoTime.fromBinary(g.getInt96(i, k));
                LocalDate day = LocalDate.EPOCH.with(JulianFields.JULIAN_DAY, nt.getJulianDay());
                return day.atStartOfDay(ZoneOffset.UTC).toInstant().plusNanos(nt.getTimeOfDayNanos());
            }
            case FLOAT:
                return g.getFloat(i, k);
            case DOUBLE:
                return g.getDouble(i, k);
            case BINARY:
            case FIXED_LEN_BYTE_ARRAY: {
                byte[] b = g.getBinary(i, k).getBytes();
                if (a instanceof DecimalLogicalTypeAnnotation d) {
                    return new BigDecimal(new BigInteger(b), d.getScale());
                }
                if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                        || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                        || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
                    return g.getString(i, k);
                }
                return HexFormat.of().formatHex(b);
            }
            default:
                throw new IllegalArgumentException(t.toString());
        }
    }

    /** The schema in a Parquet file's footer. */
    public static MessageType footerSchema(Path file) throws Exception {
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
            return r.getFooter().getFileMetaData().getSchema();
        }
    }

    // ------------------------------------------------------------------ random schemas

    private static final String[] LEAVES = {
        "int32 %s", "int64 %s", "binary %s (STRING)", "binary %s", "boolean %s", "double %s", "float %s",
        "int32 %s (DATE)", "int32 %s (INTEGER(8,true))", "int32 %s (INTEGER(16,false))", "int64 %s (INTEGER(64,false))",
        "int64 %s (TIMESTAMP(MICROS,false))", "int64 %s (TIMESTAMP(MILLIS,true))", "int96 %s",
        "int32 %s (DECIMAL(7,2))", "int64 %s (DECIMAL(18,3))", "fixed_len_byte_array(16) %s (DECIMAL(30,4))",
        "binary %s (DECIMAL(25,0))"
    };

    /** A message of an id and a few columns, each a random nesting of every list and map shape and structs. */
    public static MessageType randomSchema(Random rnd) {
        StringBuilder s = new StringBuilder("message random {\n  required int32 id;\n");
        int n = 1 + rnd.nextInt(5);
        for (int i = 0; i < n; i++) {
            String rep = rnd.nextInt(5) == 0 ? "repeated" : rnd.nextInt(4) == 0 ? "required" : "optional";
            s.append("  ").append(field(rnd, rep, "c" + i, 0)).append('\n');
        }
        return MessageTypeParser.parseMessageType(s.append("}\n").toString());
    }

    private static String field(Random rnd, String rep, String name, int depth) {
        int pick = depth >= 3 ? 0 : rnd.nextInt(10);
        String opt = rnd.nextBoolean() ? "optional" : "required";
        return switch (pick) {
            case 1, 2 -> rep + " group " + name + " (LIST) { repeated group list { "
                    + field(rnd, opt, "element", depth + 1) + " } }";
            case 3 -> rep + " group " + name + " (LIST) { repeated " + leaf(rnd, "element") + "; }";
            case 4 -> rep + " group " + name + " (LIST) { repeated group " + (rnd.nextBoolean() ? "array" : name + "_tuple")
                    + " { " + field(rnd, opt, "f", depth + 1) + " } }";
            case 5 -> rep + " group " + name + " (LIST) { repeated group array (LIST) { repeated "
                    + leaf(rnd, "array") + "; } }";
            case 6 -> rep + " group " + name + " (MAP) { repeated group key_value { required " + leaf(rnd, "key") + "; "
                    + field(rnd, opt, "value", depth + 1) + " } }";
            case 7 -> rep + " group " + name + (rnd.nextBoolean() ? " (MAP_KEY_VALUE)" : " (MAP)") + " { repeated group map { "
                    + "required " + leaf(rnd, "str") + "; " + field(rnd, opt, "num", depth + 1) + " } }";
            case 8, 9 -> {
                StringBuilder g = new StringBuilder(rep + " group " + name + " { ");
                int fields = 1 + rnd.nextInt(3);
                for (int i = 0; i < fields; i++) {
                    String r = rnd.nextInt(4) == 0 ? "repeated" : rnd.nextBoolean() ? "optional" : "required";
                    g.append(field(rnd, r, "f" + i, depth + 1)).append(' ');
                }
                yield g.append('}').toString();
            }
            default -> rep + " " + leaf(rnd, name) + ";";
        };
    }

    private static String leaf(Random rnd, String name) {
        return String.format(LEAVES[rnd.nextInt(LEAVES.length)], name);
    }

    /** The table holds the Parquet rows, in order, each as the Albis values it must become. */
    public static void assertRowsMatch(List<Group> expected, MessageType schema, AlbisTable table) throws Exception {
        List<Map<String, Object>> actual = AlbisRows.rows(table);
        assertEquals(expected.size(), actual.size(), "row count");
        for (int i = 0; i < expected.size(); i++) {
            AlbisRows.assertSameRow(expected(expected.get(i), schema), actual.get(i), "row " + i);
        }
    }
}
