package io.albis.convert.orc;

import io.albis.convert.RandomValues;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MultiValuedColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.UnionColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * ORC files for tests, written and read with orc-core's own API and test code independent of the
 * converters (but for the marking of a batch's vectors as proleptic Gregorian, which orc-core's writer
 * asks of both alike: {@code OrcBatchFiller.markProleptic}): rows are nested maps holding the values {@code AlbisReader.toNestedMap} shows
 * (binary as lowercase hex, decimals at the column's scale, timestamps as instants, arrays as
 * lists, maps as maps in entry order, a {@code bigint} Spark marks as {@code timestamp_ntz} as a
 * wall clock, a union as the map {@code tag} (a byte, the alternative's number), {@code field0},
 * {@code field1}, .. with the value under its alternative's field and null under the others).
 */
public final class OrcFixtures {

    private OrcFixtures() {
    }

    private static FileSystem rawLocal(Configuration conf) throws IOException {
        return FileSystem.getLocal(conf).getRawFileSystem();
    }

    /** Every row of an ORC file through orc-core's reader with decimals as HiveDecimal (not the Decimal64 path). */
    public static List<Map<String, Object>> read(Path file) throws IOException {
        Configuration conf = new Configuration();
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Reader r = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
                OrcFile.readerOptions(conf).filesystem(rawLocal(conf)).useUTCTimestamp(true)
                        .convertToProlepticGregorian(true));
             RecordReader rr = r.rows()) {
            TypeDescription schema = r.getSchema();
            VectorizedRowBatch batch = schema.createRowBatch();
            while (rr.nextBatch(batch)) {
                for (int i = 0; i < batch.size; i++) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int c = 0; c < batch.cols.length; c++) {
                        row.put(schema.getFieldNames().get(c), value(batch.cols[c], schema.getChildren().get(c), i));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    private static Object value(ColumnVector v, TypeDescription t, int row) {
        int i = v.isRepeating ? 0 : row;
        if (!v.noNulls && v.isNull[i]) {
            return null;
        }
        return switch (t.getCategory()) {
            case BOOLEAN -> ((LongColumnVector) v).vector[i] != 0;
            case BYTE -> (byte) ((LongColumnVector) v).vector[i];
            case SHORT -> (short) ((LongColumnVector) v).vector[i];
            case INT -> (int) ((LongColumnVector) v).vector[i];
            case LONG -> OrcSchemas.TIMESTAMP_NTZ.equals(t.getAttributeValue(OrcSchemas.CATALYST_TYPE_ATTRIBUTE))
                    ? LocalDateTime.ofEpochSecond(Math.floorDiv(((LongColumnVector) v).vector[i], 1_000_000L),
                            (int) Math.floorMod(((LongColumnVector) v).vector[i], 1_000_000L) * 1000, ZoneOffset.UTC)
                    : (Object) ((LongColumnVector) v).vector[i];
            case DATE -> LocalDate.ofEpochDay(((LongColumnVector) v).vector[i]);
            case FLOAT -> (float) ((DoubleColumnVector) v).vector[i];
            case DOUBLE -> ((DoubleColumnVector) v).vector[i];
            case DECIMAL -> ((DecimalColumnVector) v).vector[i].getHiveDecimal().bigDecimalValue().setScale(t.getScale());
            case TIMESTAMP, TIMESTAMP_INSTANT -> {
                TimestampColumnVector ts = (TimestampColumnVector) v;
                yield Instant.ofEpochSecond(Math.floorDiv(ts.time[i], 1000L), ts.nanos[i]);
            }
            case STRING, VARCHAR, CHAR -> ((BytesColumnVector) v).toString(i);
            case BINARY -> {
                BytesColumnVector b = (BytesColumnVector) v;
                yield HexFormat.of().formatHex(b.vector[i], b.start[i], b.start[i] + b.length[i]);
            }
            case STRUCT -> {
                StructColumnVector s = (StructColumnVector) v;
                Map<String, Object> m = new LinkedHashMap<>();
                for (int c = 0; c < s.fields.length; c++) {
                    m.put(t.getFieldNames().get(c), value(s.fields[c], t.getChildren().get(c), row));
                }
                yield m;
            }
            case LIST -> {
                ListColumnVector l = (ListColumnVector) v;
                List<Object> out = new ArrayList<>();
                for (long k = l.offsets[i]; k < l.offsets[i] + l.lengths[i]; k++) {
                    out.add(value(l.child, t.getChildren().get(0), (int) k));
                }
                yield out;
            }
            case MAP -> {
                MapColumnVector m = (MapColumnVector) v;
                Map<Object, Object> out = new LinkedHashMap<>();
                for (long k = m.offsets[i]; k < m.offsets[i] + m.lengths[i]; k++) {
                    out.put(value(m.keys, t.getChildren().get(0), (int) k), value(m.values, t.getChildren().get(1), (int) k));
                }
                yield out;
            }
            case UNION -> {
                UnionColumnVector u = (UnionColumnVector) v;
                int tag = u.tags[i];
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("tag", (byte) tag);
                for (int a = 0; a < u.fields.length; a++) {
                    m.put("field" + a, a == tag ? value(u.fields[a], t.getChildren().get(a), row) : null);
                }
                yield m;
            }
            default -> throw new IllegalArgumentException("no test value for " + t);
        };
    }

    /**
     * Writes rows (nested maps of Java values as {@link #read} returns them) with orc-core's writer.
     *
     * @param albisConventions UTC timestamps and the proleptic calendar, as the converters use; false
     *                         writes with orc-core's defaults, like files from other tools
     */
    public static void write(Path file, TypeDescription schema, List<Map<String, Object>> rows, int batchSize,
            boolean albisConventions) throws IOException {
        write(file, schema, rows, batchSize, albisConventions, CompressionKind.ZLIB, 0);
    }

    /**
     * @param codec       the compression of the file
     * @param stripeBytes the stripe size to aim at, small to get several stripes; 0 for orc-core's default
     */
    public static void write(Path file, TypeDescription schema, List<Map<String, Object>> rows, int batchSize,
            boolean albisConventions, CompressionKind codec, long stripeBytes) throws IOException {
        Configuration conf = new Configuration();
        if (stripeBytes > 0) {
            conf.setInt("orc.rows.between.memory.checks", batchSize);
        }
        OrcFile.WriterOptions options = OrcFile.writerOptions(conf).fileSystem(rawLocal(conf)).setSchema(schema)
                .compress(codec);
        if (stripeBytes > 0) {
            options.stripeSize(stripeBytes);
        }
        if (albisConventions) {
            options.useUTCTimestamp(true).setProlepticGregorian(true);
        }
        VectorizedRowBatch batch = schema.createRowBatch(batchSize);
        if (albisConventions) {
            for (ColumnVector c : batch.cols) {
                OrcBatchFiller.markProleptic(c);
            }
        }
        try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(file.toUri()), options)) {
            for (Map<String, Object> row : rows) {
                int r = batch.size++;
                for (int c = 0; c < batch.cols.length; c++) {
                    set(batch.cols[c], schema.getChildren().get(c), r, row.get(schema.getFieldNames().get(c)));
                }
                if (batch.size == batch.getMaxSize()) {
                    w.addRowBatch(batch);
                    batch.reset();
                }
            }
            if (batch.size > 0) {
                w.addRowBatch(batch);
            }
        }
    }

    /** Room for {@code n} children of row {@code i} after those of the rows before; where they start. */
    private static int grow(MultiValuedColumnVector v, int i, int n) {
        int at = v.childCount;
        v.offsets[i] = at;
        v.lengths[i] = n;
        v.childCount += n;
        return at;
    }

    @SuppressWarnings("unchecked")
    private static void set(ColumnVector v, TypeDescription t, int i, Object value) {
        if (value == null) {
            v.noNulls = false;
            v.isNull[i] = true;
            if (v instanceof StructColumnVector s) {
                for (int c = 0; c < s.fields.length; c++) {
                    set(s.fields[c], t.getChildren().get(c), i, null);
                }
            }
            return;
        }
        v.isNull[i] = false;
        switch (t.getCategory()) {
            case BOOLEAN -> ((LongColumnVector) v).vector[i] = (Boolean) value ? 1 : 0;
            case BYTE, SHORT, INT -> ((LongColumnVector) v).vector[i] = ((Number) value).longValue();
            case LONG -> ((LongColumnVector) v).vector[i] = value instanceof LocalDateTime wall
                    ? ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), wall) : (Long) value;
            case DATE -> ((LongColumnVector) v).vector[i] = ((LocalDate) value).toEpochDay();
            case FLOAT -> ((DoubleColumnVector) v).vector[i] = (Float) value;
            case DOUBLE -> ((DoubleColumnVector) v).vector[i] = (Double) value;
            case DECIMAL -> ((DecimalColumnVector) v).set(i, HiveDecimal.create((BigDecimal) value));
            case TIMESTAMP, TIMESTAMP_INSTANT -> {
                Instant at = (Instant) value;
                TimestampColumnVector ts = (TimestampColumnVector) v;
                ts.time[i] = at.getEpochSecond() * 1000 + at.getNano() / 1_000_000;
                ts.nanos[i] = at.getNano();
            }
            case STRING, VARCHAR, CHAR -> ((BytesColumnVector) v).setVal(i,
                    ((String) value).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            case BINARY -> ((BytesColumnVector) v).setVal(i, HexFormat.of().parseHex((String) value));
            case STRUCT -> {
                StructColumnVector s = (StructColumnVector) v;
                Map<String, Object> m = (Map<String, Object>) value;
                for (int c = 0; c < s.fields.length; c++) {
                    set(s.fields[c], t.getChildren().get(c), i, m.get(t.getFieldNames().get(c)));
                }
            }
            case LIST -> {
                ListColumnVector l = (ListColumnVector) v;
                List<Object> elements = (List<Object>) value;
                int at = grow(l, i, elements.size());
                l.child.ensureSize(l.childCount, true);
                for (int k = 0; k < elements.size(); k++) {
                    set(l.child, t.getChildren().get(0), at + k, elements.get(k));
                }
            }
            case MAP -> {
                MapColumnVector m = (MapColumnVector) v;
                Map<Object, Object> entries = (Map<Object, Object>) value;
                int at = grow(m, i, entries.size());
                m.keys.ensureSize(m.childCount, true);
                m.values.ensureSize(m.childCount, true);
                int k = at;
                for (Map.Entry<Object, Object> e : entries.entrySet()) {
                    set(m.keys, t.getChildren().get(0), k, e.getKey());
                    set(m.values, t.getChildren().get(1), k++, e.getValue());
                }
            }
            case UNION -> {
                // The value as read shows it: the tag picks the alternative, whose field holds the value.
                UnionColumnVector u = (UnionColumnVector) v;
                Map<String, Object> m = (Map<String, Object>) value;
                int tag = ((Number) m.get("tag")).intValue();
                u.tags[i] = tag;
                set(u.fields[tag], t.getChildren().get(tag), i, m.get("field" + tag));
            }
            default -> throw new IllegalArgumentException("no test value for " + t);
        }
    }

    /** Every ORC type the converter reads, a nested struct included. */
    public static final TypeDescription EVERY_TYPE = TypeDescription.fromString("struct<b:boolean,y:tinyint,sh:smallint,"
            + "i:int,l:bigint,f:float,d:double,s:string,vc:varchar(10),ch:char(3),bin:binary,d9:decimal(9,2),"
            + "d18:decimal(18,0),d30:decimal(30,5),dt:date,ts:timestamp,tsi:timestamp with local time zone,"
            + "st:struct<a:int,inner:struct<x:string,z:double>>>");

    /** Random rows of {@link #EVERY_TYPE}, null one time in five, structs included. */
    public static List<Map<String, Object>> randomRows(int n, long seed) {
        Random rnd = new Random(seed);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("b", maybe(rnd, rnd.nextBoolean()));
            m.put("y", maybe(rnd, (byte) RandomValues.extremeInt(rnd)));
            m.put("sh", maybe(rnd, (short) RandomValues.extremeInt(rnd)));
            m.put("i", maybe(rnd, RandomValues.extremeInt(rnd)));
            m.put("l", maybe(rnd, RandomValues.extremeLong(rnd)));
            m.put("f", maybe(rnd, RandomValues.randomFloat(rnd)));
            m.put("d", maybe(rnd, RandomValues.randomDouble(rnd)));
            m.put("s", maybe(rnd, RandomValues.randomString(rnd)));
            m.put("vc", maybe(rnd, "v" + rnd.nextInt(1000)));
            m.put("ch", maybe(rnd, "c" + (10 + rnd.nextInt(90))));
            byte[] bin = new byte[rnd.nextInt(40)];
            rnd.nextBytes(bin);
            m.put("bin", maybe(rnd, HexFormat.of().formatHex(bin)));
            m.put("d9", maybe(rnd, new BigDecimal(RandomValues.randomUnscaled(9, rnd), 2)));
            m.put("d18", maybe(rnd, new BigDecimal(RandomValues.randomUnscaled(18, rnd), 0)));
            m.put("d30", maybe(rnd, new BigDecimal(RandomValues.randomUnscaled(30, rnd), 5)));
            m.put("dt", maybe(rnd, LocalDate.ofEpochDay(rnd.nextInt(2_000_000) - 1_000_000)));
            m.put("ts", maybe(rnd, randomInstant(rnd)));
            m.put("tsi", maybe(rnd, randomInstant(rnd)));
            Map<String, Object> inner = new LinkedHashMap<>();
            inner.put("x", maybe(rnd, RandomValues.randomString(rnd)));
            inner.put("z", maybe(rnd, rnd.nextGaussian()));
            Map<String, Object> st = new LinkedHashMap<>();
            st.put("a", maybe(rnd, rnd.nextInt()));
            st.put("inner", maybe(rnd, inner));
            m.put("st", maybe(rnd, st));
            rows.add(m);
        }
        return rows;
    }

    /** Microsecond instants on both sides of the epoch, fractions of a second included. */
    private static Instant randomInstant(Random rnd) {
        long micros = switch (rnd.nextInt(4)) {
            case 0 -> -1_000_001;
            case 1 -> rnd.nextLong() % 4_000_000_000_000_000L;
            default -> rnd.nextLong() % 100_000_000_000_000L;
        };
        return Instant.EPOCH.plusNanos(Math.multiplyExact(micros, 1000L));
    }

    private static <T> T maybe(Random rnd, T v) {
        return rnd.nextInt(5) == 0 ? null : v;
    }

    /**
     * A timestamp, in microseconds, that ORC holds: one in the last second before the epoch (a
     * millisecond or more into it), which orc-core reads back one second late and the converter
     * therefore refuses, moves one second back; any other stays.
     */
    public static long orcSafe(long micros) {
        return micros < 0 && micros >= OrcVectorFillers.LAST_SECOND_BEFORE_EPOCH_BROKEN ? micros - 1_000_000 : micros;
    }

    /** {@link #orcSafe(long)} of an instant. */
    public static Instant orcSafe(Instant at) {
        Instant broken = Instant.EPOCH.plus(OrcVectorFillers.LAST_SECOND_BEFORE_EPOCH_BROKEN, ChronoUnit.MICROS);
        return at.isBefore(Instant.EPOCH) && !at.isBefore(broken) ? at.minusSeconds(1) : at;
    }
}
