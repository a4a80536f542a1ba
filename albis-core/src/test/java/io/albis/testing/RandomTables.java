package io.albis.testing;

import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.schema.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Seeded generator of random schemas (every type, nested and nullable structs) and random rows
 * full of edge cases: nulls, MIN/MAX, NaN, -0.0, infinities, empty and multi-byte UTF-8 strings
 * (4-byte code points included), decimals of every precision, and binaries larger than a segment.
 *
 * <p>Values are produced in the representation {@code AlbisRow.getValue} returns, so the generated
 * rows serve directly as the expected rows ({@link ExpectedTable}) of a test.
 */
public final class RandomTables {

    /** How column groups are cut. */
    public enum Grouping {
        /** All columns in one group (a row store). */
        ONE_GROUP,
        /** One group per column (a column store), struct markers included. */
        GROUP_PER_COLUMN,
        /** Value columns spread over a few random groups; struct markers land in the "rest" group. */
        RANDOM_PARTITION
    }

    /**
     * What the rows look like.
     *
     * @param nullProbability      chance a nullable column (or struct) is null in a row
     * @param allNullProbability   chance a nullable column is null in every row
     * @param maxVarLength         usual upper bound on string/binary byte lengths
     * @param hugeProbability      chance a string/binary value is "huge" instead
     * @param hugeLength           length of a huge value (make it exceed the segment size)
     */
    public record DataProfile(double nullProbability, double allNullProbability, int maxVarLength,
            double hugeProbability, int hugeLength) {

        public static DataProfile typical() {
            return new DataProfile(0.2, 0.05, 40, 0.0, 0);
        }

        public DataProfile withHuge(double probability, int length) {
            return new DataProfile(nullProbability, allNullProbability, maxVarLength, probability, length);
        }

        public DataProfile withNulls(double probability) {
            return new DataProfile(probability, allNullProbability, maxVarLength, hugeProbability, hugeLength);
        }
    }

    private static final TypeId[] LEAF_TYPES = {
        TypeId.BOOLEAN, TypeId.BYTE, TypeId.SHORT, TypeId.INT, TypeId.LONG, TypeId.FLOAT, TypeId.DOUBLE,
        TypeId.DECIMAL, TypeId.DATE, TypeId.TIMESTAMP, TypeId.TIMESTAMP_NTZ, TypeId.STRING, TypeId.BINARY
    };

    /** Text fragments mixing 1-, 2-, 3- and 4-byte UTF-8 sequences. */
    private static final String[] TEXT_PIECES = {
        "a", "Z", "0", " ", "-", "é", "ß", "Ω", "中", "文", "€", "😀", "𝄞", "\u0000", "\u007f", "\u0080", "\uffff",
        "\ud7ff", "\ue000", "𐍈"
    };

    private final Random random;
    private int nameCounter;

    public RandomTables(long seed) {
        this.random = new Random(seed);
    }

    public Random random() {
        return random;
    }

    // ------------------------------------------------------------------ schemas

    /** A fresh field name, unique within this generator; now and then with non-ASCII letters. */
    public String freshName() {
        int n = nameCounter++;
        return switch (random.nextInt(8)) {
            case 0 -> "é_" + n;
            case 1 -> "名前" + n;
            default -> "c" + n;
        };
    }

    public DataType randomLeafType() {
        TypeId id = LEAF_TYPES[random.nextInt(LEAF_TYPES.length)];
        if (id == TypeId.DECIMAL) {
            int precision = 1 + random.nextInt(DataType.MAX_DECIMAL_PRECISION);
            return DataType.decimal(precision, random.nextInt(precision + 1));
        }
        return leafType(id);
    }

    /** The leaf type for an id (decimals get precision 10, scale 2). */
    public static DataType leafType(TypeId id) {
        return switch (id) {
            case BOOLEAN -> DataType.BOOLEAN;
            case BYTE -> DataType.BYTE;
            case SHORT -> DataType.SHORT;
            case INT -> DataType.INT;
            case LONG -> DataType.LONG;
            case FLOAT -> DataType.FLOAT;
            case DOUBLE -> DataType.DOUBLE;
            case DECIMAL -> DataType.decimal(10, 2);
            case DATE -> DataType.DATE;
            case TIMESTAMP -> DataType.TIMESTAMP;
            case TIMESTAMP_NTZ -> DataType.TIMESTAMP_NTZ;
            case STRING -> DataType.STRING;
            case BINARY -> DataType.BINARY;
            case STRUCT, LIST, MAP -> throw new IllegalArgumentException(id + " is not a leaf type");
        };
    }

    /** A random field: a leaf, or (below {@code maxDepth}) a struct of 1..4 fields; nullable half the time. */
    public Field randomField(int depth, int maxDepth) {
        boolean nullable = random.nextBoolean();
        if (depth < maxDepth && random.nextInt(5) == 0) {
            int n = 1 + random.nextInt(4);
            List<Field> children = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                children.add(randomField(depth + 1, maxDepth));
            }
            return new Field(freshName(), DataType.struct(children), nullable);
        }
        if (random.nextInt(6) == 0) {
            return new Field(freshName(), randomNestedType(0), nullable);
        }
        return new Field(freshName(), randomLeafType(), nullable);
    }

    /** A random list or map whose elements, keys and values are leaves, structs, lists or maps, up to 3 levels deep. */
    public DataType randomNestedType(int depth) {
        return random.nextBoolean()
                ? DataType.list(randomInnerType(depth + 1), random.nextBoolean())
                : DataType.map(randomLeafType(), randomInnerType(depth + 1), random.nextBoolean());
    }

    private DataType randomInnerType(int depth) {
        int pick = depth >= 3 ? 0 : random.nextInt(6);
        if (pick == 1) {
            int n = 1 + random.nextInt(3);
            List<Field> fields = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                fields.add(new Field("f" + i, randomInnerType(depth + 1), random.nextBoolean()));
            }
            return DataType.struct(fields);
        }
        return pick == 2 ? randomNestedType(depth) : randomLeafType();
    }

    /** 1..{@code maxFields} random top-level fields, structs nested up to {@code maxDepth} levels. */
    public List<Field> randomFields(int maxFields, int maxDepth) {
        int n = 1 + random.nextInt(maxFields);
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            fields.add(randomField(0, maxDepth));
        }
        return fields;
    }

    /** One field of every leaf type (nullable and not), plus a nullable struct holding a nested struct. */
    public List<Field> everyTypeFields() {
        List<Field> fields = new ArrayList<>();
        for (TypeId id : LEAF_TYPES) {
            DataType t = id == TypeId.DECIMAL ? DataType.decimal(38, 10) : leafType(id);
            fields.add(new Field(freshName(), t, true));
            fields.add(new Field(freshName(), id == TypeId.DECIMAL ? DataType.decimal(18, 3) : t, false));
        }
        Field inner = new Field(freshName(), DataType.struct(
                Field.required(freshName(), DataType.INT), Field.of(freshName(), DataType.STRING)), true);
        fields.add(new Field(freshName(), DataType.struct(Field.of(freshName(), DataType.LONG), inner,
                Field.required(freshName(), DataType.BINARY)), true));
        return fields;
    }

    /** Builds a schema of {@code fields} cut into column groups as {@code grouping} says. */
    public Schema schema(List<Field> fields, Grouping grouping) {
        Schema.Builder b = Schema.builder().fields(fields);
        switch (grouping) {
            case ONE_GROUP -> { }
            case GROUP_PER_COLUMN -> b.columnPerGroup();
            case RANDOM_PARTITION -> {
                Schema flat = Schema.builder().fields(fields).build();
                int groups = 1 + random.nextInt(4);
                Map<String, List<String>> spec = new LinkedHashMap<>();
                for (Column c : flat.columns()) {
                    if (c.isStructMarker()) {
                        continue; // markers go to "rest", apart from their leaves
                    }
                    int g = random.nextInt(groups + 1);
                    if (g == groups) {
                        continue; // some value columns land in "rest" too
                    }
                    spec.computeIfAbsent("g" + g, k -> new ArrayList<>()).add(c.name());
                }
                b.groups(spec);
            }
        }
        return b.build();
    }

    // ------------------------------------------------------------------ rows

    /**
     * {@code count} random rows for {@code schema}, indexed by schema column. A struct marker holds
     * TRUE when its struct is present and null when it is null; every column below a null struct
     * is null.
     */
    public List<Object[]> randomRows(Schema schema, int count, DataProfile profile) {
        int n = schema.columnCount();
        Set<Integer> allNull = new HashSet<>();
        for (Column c : schema.columns()) {
            if (c.nullable() && random.nextDouble() < profile.allNullProbability()) {
                allNull.add(c.index());
            }
        }
        List<Object[]> rows = new ArrayList<>(count);
        for (int r = 0; r < count; r++) {
            Object[] row = new Object[n];
            Set<List<String>> nullStructs = new HashSet<>();
            for (Column c : schema.columns()) {
                int i = c.index();
                if (ExpectedTable.isBelowAny(c.path(), nullStructs)) {
                    row[i] = null;
                    if (c.isStructMarker()) {
                        nullStructs.add(c.path());
                    }
                    continue;
                }
                boolean isNull = c.nullable() && (allNull.contains(i) || random.nextDouble() < profile.nullProbability());
                if (c.isStructMarker()) {
                    row[i] = isNull ? null : Boolean.TRUE;
                    if (isNull) {
                        nullStructs.add(c.path());
                    }
                } else {
                    row[i] = isNull ? null : randomValue(c.type(), profile);
                }
            }
            rows.add(row);
        }
        return rows;
    }

    /** A random non-null value of a leaf type, edge cases favoured. */
    public Object randomValue(DataType t, DataProfile profile) {
        return switch (t.id()) {
            case BOOLEAN -> random.nextBoolean();
            case BYTE -> (byte) pickLong(Byte.MIN_VALUE, Byte.MAX_VALUE);
            case SHORT -> (short) pickLong(Short.MIN_VALUE, Short.MAX_VALUE);
            case INT -> (int) pickLong(Integer.MIN_VALUE, Integer.MAX_VALUE);
            case LONG -> pickLong(Long.MIN_VALUE, Long.MAX_VALUE);
            case FLOAT -> randomFloat();
            case DOUBLE -> randomDouble();
            case DECIMAL -> randomDecimal(t.precision(), t.scale());
            case DATE -> LocalDate.ofEpochDay(pickLong(Integer.MIN_VALUE, Integer.MAX_VALUE));
            case TIMESTAMP -> Instant.EPOCH.plus(pickLong(Long.MIN_VALUE, Long.MAX_VALUE), ChronoUnit.MICROS);
            case TIMESTAMP_NTZ -> io.albis.nested.NestedSlots.localDateTime(pickLong(Long.MIN_VALUE, Long.MAX_VALUE));
            case STRING -> randomString(profile);
            case BINARY -> randomBinary(profile);
            case STRUCT -> {
                if (t.fields().isEmpty()) {
                    throw new IllegalArgumentException("struct markers have no value");
                }
                Map<String, Object> struct = new LinkedHashMap<>();
                for (Field f : t.fields()) {
                    struct.put(f.name(), f.nullable() && random.nextInt(4) == 0 ? null : randomValue(f.type(), profile));
                }
                yield struct;
            }
            case LIST -> {
                List<Object> list = new ArrayList<>();
                for (int i = randomLength(); i > 0; i--) {
                    list.add(randomElement(t.elementField(), profile));
                }
                yield list;
            }
            case MAP -> {
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int i = randomLength(); i > 0; i--) {
                    Object key = randomValue(t.keyField().type(), profile);
                    if (!(key instanceof byte[])) { // byte[] keys compare by identity in a Java map
                        map.put(key, randomElement(t.valueField(), profile));
                    }
                }
                yield map;
            }
        };
    }

    /** Elements per list or map: mostly a few, now and then none or more than 64 (a second null word). */
    private int randomLength() {
        return switch (random.nextInt(10)) {
            case 0 -> 0;
            case 1 -> 60 + random.nextInt(10);
            default -> 1 + random.nextInt(4);
        };
    }

    private Object randomElement(Field f, DataProfile profile) {
        return f.nullable() && random.nextInt(5) == 0 ? null : randomValue(f.type(), profile);
    }

    /** MIN, MAX, 0, ±1 or a small value, or any value in range. */
    private long pickLong(long min, long max) {
        return switch (random.nextInt(10)) {
            case 0 -> min;
            case 1 -> max;
            case 2 -> 0;
            case 3 -> -1;
            case 4 -> 1;
            case 5, 6 -> Math.max(min, Math.min(max, random.nextInt(201) - 100));
            default -> {
                long v = random.nextLong();
                if (min == Long.MIN_VALUE && max == Long.MAX_VALUE) {
                    yield v;
                }
                yield min + Math.floorMod(v, max - min + 1);
            }
        };
    }

    private float randomFloat() {
        return switch (random.nextInt(14)) {
            case 0 -> Float.NaN;
            case 1 -> -0.0f;
            case 2 -> 0.0f;
            case 3 -> Float.POSITIVE_INFINITY;
            case 4 -> Float.NEGATIVE_INFINITY;
            case 5 -> Float.MAX_VALUE;
            case 6 -> -Float.MAX_VALUE;
            case 7 -> Float.MIN_VALUE;
            case 8, 9 -> (random.nextInt(21) - 10) / 4.0f;
            default -> {
                float f = Float.intBitsToFloat(random.nextInt());
                yield Float.isNaN(f) ? 1.5f : f;
            }
        };
    }

    private double randomDouble() {
        return switch (random.nextInt(14)) {
            case 0 -> Double.NaN;
            case 1 -> -0.0;
            case 2 -> 0.0;
            case 3 -> Double.POSITIVE_INFINITY;
            case 4 -> Double.NEGATIVE_INFINITY;
            case 5 -> Double.MAX_VALUE;
            case 6 -> -Double.MAX_VALUE;
            case 7 -> Double.MIN_VALUE;
            case 8, 9 -> (random.nextInt(21) - 10) / 4.0;
            default -> {
                double d = Double.longBitsToDouble(random.nextLong());
                yield Double.isNaN(d) ? -2.25 : d;
            }
        };
    }

    /** A decimal of the given precision and scale: the extremes ±(10^p - 1), zero, or random digits. */
    public BigDecimal randomDecimal(int precision, int scale) {
        BigInteger limit = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
        BigInteger unscaled = switch (random.nextInt(8)) {
            case 0 -> limit;
            case 1 -> limit.negate();
            case 2 -> BigInteger.ZERO;
            case 3 -> BigInteger.valueOf(random.nextInt(201) - 100).max(limit.negate()).min(limit);
            default -> {
                int digits = 1 + random.nextInt(precision);
                BigInteger v = new BigInteger(digits * 4, random).mod(BigInteger.TEN.pow(digits));
                yield random.nextBoolean() ? v.negate() : v;
            }
        };
        return new BigDecimal(unscaled, scale);
    }

    public String randomString(DataProfile profile) {
        if (profile.hugeProbability() > 0 && random.nextDouble() < profile.hugeProbability()) {
            return textOfAtLeast(profile.hugeLength());
        }
        int kind = random.nextInt(6);
        if (kind == 0) {
            return "";
        }
        int targetBytes = random.nextInt(profile.maxVarLength() + 1);
        StringBuilder sb = new StringBuilder();
        while (sb.toString().getBytes(StandardCharsets.UTF_8).length < targetBytes) {
            sb.append(kind == 1 ? String.valueOf((char) ('a' + random.nextInt(26)))
                    : TEXT_PIECES[random.nextInt(TEXT_PIECES.length)]);
        }
        return sb.toString();
    }

    private String textOfAtLeast(int bytes) {
        StringBuilder sb = new StringBuilder(bytes);
        int have = 0;
        while (have < bytes) {
            String piece = TEXT_PIECES[random.nextInt(TEXT_PIECES.length)];
            sb.append(piece);
            have += piece.getBytes(StandardCharsets.UTF_8).length;
        }
        return sb.toString();
    }

    public byte[] randomBinary(DataProfile profile) {
        int length;
        if (profile.hugeProbability() > 0 && random.nextDouble() < profile.hugeProbability()) {
            length = profile.hugeLength();
        } else {
            length = random.nextInt(5) == 0 ? 0 : random.nextInt(profile.maxVarLength() + 1);
        }
        byte[] b = new byte[length];
        random.nextBytes(b);
        return b;
    }
}
