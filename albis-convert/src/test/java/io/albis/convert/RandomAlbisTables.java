package io.albis.convert;

import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongUnaryOperator;

/**
 * Random Albis tables for the conversions out of Albis: every flat type with its extremes, structs
 * null at every level, small segments and row groups of 300 rows.
 */
public final class RandomAlbisTables {
    private RandomAlbisTables() {}

    /** A column of every flat Albis type (decimals of every precision) and structs, nested and required. */
    public static Schema everyAlbisType() {
        List<Field> fs = new ArrayList<>();
        fs.add(Field.required("id", DataType.INT));
        fs.add(Field.of("b", DataType.BOOLEAN));
        fs.add(Field.of("y", DataType.BYTE));
        fs.add(Field.of("sh", DataType.SHORT));
        fs.add(Field.of("l", DataType.LONG));
        fs.add(Field.of("f", DataType.FLOAT));
        fs.add(Field.required("d", DataType.DOUBLE));
        fs.add(Field.of("dt", DataType.DATE));
        fs.add(Field.of("ts", DataType.TIMESTAMP));
        fs.add(Field.of("s", DataType.STRING));
        fs.add(Field.of("bin", DataType.BINARY));
        for (int p = 1; p <= 38; p++) {
            fs.add(Field.of("dec_p" + p, DataType.decimal(p, p / 2)));
        }
        fs.add(Field.of("st", DataType.struct(
                Field.required("a", DataType.INT),
                Field.of("inner", DataType.struct(Field.of("x", DataType.STRING))),
                Field.required("req", DataType.struct(Field.required("z", DataType.LONG), Field.of("w", DataType.decimal(25, 3)))))));
        fs.add(Field.of("lonely", DataType.struct(Field.of("only", DataType.DOUBLE))));
        return Schema.builder().fields(fs).build();
    }

    /**
     * A builder holding one column of every flat type but decimal, {@code b} (a boolean that is
     * never null) to {@code bin}: the start of the schemas whose Parquet and ORC types the tests check.
     */
    public static Schema.Builder everyFlatTypeButDecimal() {
        return Schema.builder()
                .column("b", DataType.BOOLEAN, false)
                .column("y", DataType.BYTE)
                .column("sh", DataType.SHORT)
                .column("i", DataType.INT)
                .column("l", DataType.LONG)
                .column("f", DataType.FLOAT)
                .column("d", DataType.DOUBLE)
                .column("dt", DataType.DATE)
                .column("ts", DataType.TIMESTAMP)
                .column("s", DataType.STRING)
                .column("bin", DataType.BINARY);
    }

    /**
     * Writes a table at {@code path} of {@code rows} random rows through the Albis writer's
     * setValue, column {@code id} the row's number; structs are null one time in four, other
     * nullable columns one time in six. Returns the table.
     *
     * @param timestamps what becomes of each random timestamp (a format that cannot hold some moves them)
     */
    public static AlbisTable write(String path, Schema schema, int rows, long seed, LongUnaryOperator timestamps)
            throws Exception {
        Random rnd = new Random(seed);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path, schema,
                WriterOptions.defaults().withSegmentSize(2048).withRowGroupRows(300))) {
            for (int row = 0; row < rows; row++) {
                List<List<String>> nullStructs = new ArrayList<>();
                for (Column c : schema.columns()) {
                    boolean underNull = nullStructs.stream().anyMatch(p -> c.path().size() > p.size()
                            && c.path().subList(0, p.size()).equals(p));
                    if (c.isStructMarker()) {
                        if (underNull || rnd.nextInt(4) == 0) {
                            w.setNull(c.index());
                            nullStructs.add(c.path());
                        }
                        continue;
                    }
                    if (c.name().equals("id")) {
                        w.setInt(c.index(), row);
                    } else if ((underNull || rnd.nextInt(6) == 0) && c.nullable()) {
                        w.setNull(c.index());
                    } else {
                        w.setValue(c.index(), randomValue(c.type(), rnd, timestamps));
                    }
                }
                w.nextRow();
            }
        }
        return AlbisTable.open(path);
    }

    private static Object randomValue(DataType t, Random rnd, LongUnaryOperator timestamps) {
        return switch (t.id()) {
            case BOOLEAN -> rnd.nextBoolean();
            case BYTE -> (byte) RandomValues.extremeInt(rnd);
            case SHORT -> (short) RandomValues.extremeInt(rnd);
            case INT, DATE -> RandomValues.extremeInt(rnd);
            case LONG -> RandomValues.extremeLong(rnd);
            case TIMESTAMP -> timestamps.applyAsLong(RandomValues.extremeLong(rnd));
            case FLOAT -> RandomValues.randomFloat(rnd);
            case DOUBLE -> RandomValues.randomDouble(rnd);
            case STRING -> RandomValues.randomString(rnd);
            case BINARY -> {
                byte[] b = new byte[rnd.nextInt(30)];
                rnd.nextBytes(b);
                yield b;
            }
            case DECIMAL -> new BigDecimal(RandomValues.randomUnscaled(t.precision(), rnd), t.scale());
            case STRUCT -> throw new IllegalArgumentException("markers are set above");
            case TIMESTAMP_NTZ, LIST, MAP -> throw new IllegalArgumentException(t + " is not in these tables");
        };
    }
}
