package io.albis.convert.orc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.AlbisRows;
import io.albis.convert.ConvertOptions;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.UnionColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ORC unions convert to a struct of the tag and one field per alternative, and a file whose root
 * type is not a struct to a table of one column, each compared with what orc-core's reader reads;
 * a root type Albis cannot hold is refused in one line naming the column.
 */
class OrcUnionAndRootTest {
    private static final int ROWS = 2500;

    @TempDir
    Path dir;

    /** Sets row {@code row} of the file at index {@code i} of the batch. */
    private interface RowFiller {
        void fill(VectorizedRowBatch batch, int i, int row);
    }

    /** Writes {@value #ROWS} rows with orc-core's writer; no rows when {@code filler} is null. */
    private static void write(Path file, TypeDescription schema, RowFiller filler) throws Exception {
        Configuration conf = new Configuration();
        try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(file.toUri()),
                OrcFile.writerOptions(conf).fileSystem(FileSystem.getLocal(conf).getRawFileSystem()).setSchema(schema))) {
            VectorizedRowBatch batch = schema.createRowBatch(1000);
            for (int r = 0; filler != null && r < ROWS; r++) {
                filler.fill(batch, batch.size++, r);
                if (batch.size == batch.getMaxSize()) {
                    w.addRowBatch(batch);
                    batch.reset();
                }
            }
            w.addRowBatch(batch);
        }
    }

    /** Converts {@code file} into table t; its path. */
    private String convert(Path file) throws Exception {
        String out = dir.resolve("t").toString();
        OrcToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults());
        return out;
    }

    /** Every row of the file as orc-core's reader gives its first column, through {@code value}. */
    private interface ValueOf {
        Object of(ColumnVector v, int row);
    }

    private static List<Object> read(Path file, ValueOf value) throws Exception {
        Configuration conf = new Configuration();
        List<Object> out = new ArrayList<>();
        try (Reader r = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
                OrcFile.readerOptions(conf).filesystem(FileSystem.getLocal(conf).getRawFileSystem()));
             RecordReader rows = r.rows()) {
            VectorizedRowBatch batch = r.getSchema().createRowBatch();
            while (rows.nextBatch(batch)) {
                for (int i = 0; i < batch.size; i++) {
                    out.add(value.of(batch.cols[batch.cols.length - 1], i));
                }
            }
        }
        return out;
    }

    private static boolean isNull(ColumnVector v, int i) {
        return !v.noNulls && v.isNull[v.isRepeating ? 0 : i];
    }

    private static List<Object> albisColumn(String table, String column) throws Exception {
        List<Object> out = new ArrayList<>();
        for (Map<String, Object> row : AlbisRows.rows(AlbisTable.open(table))) {
            out.add(row.get(column));
        }
        return out;
    }

    @Test
    void aUnionBecomesAStructOfItsTagAndAlternatives() throws Exception {
        TypeDescription schema = TypeDescription.fromString("struct<id:int,u:uniontype<int,string,struct<a:double>>>");
        Path file = dir.resolve("union.orc");
        write(file, schema, (batch, i, r) -> {
            ((LongColumnVector) batch.cols[0]).vector[i] = r;
            UnionColumnVector u = (UnionColumnVector) batch.cols[1];
            if (r % 4 == 3) {
                u.noNulls = false;
                u.isNull[i] = true;
            } else {
                u.isNull[i] = false;
                u.tags[i] = r % 3;
                ColumnVector chosen = u.fields[r % 3];
                chosen.isNull[i] = false;
                switch (r % 3) {
                    case 0 -> {
                        if (r % 10 == 0) { // a null inside the chosen alternative
                            chosen.noNulls = false;
                            chosen.isNull[i] = true;
                        }
                        ((LongColumnVector) chosen).vector[i] = r * 7L;
                    }
                    case 1 -> ((BytesColumnVector) chosen).setVal(i, ("s" + r).getBytes(StandardCharsets.UTF_8));
                    default -> {
                        StructColumnVector s = (StructColumnVector) chosen;
                        s.fields[0].isNull[i] = false;
                        ((DoubleColumnVector) s.fields[0]).vector[i] = r / 2.0;
                    }
                }
            }
        });
        String out = convert(file);

        DataType union = DataType.struct(Field.of("tag", DataType.BYTE), Field.of("field0", DataType.INT),
                Field.of("field1", DataType.STRING), Field.of("field2", DataType.struct(Field.of("a", DataType.DOUBLE))));
        assertEquals(List.of(Field.of("id", DataType.INT), Field.of("u", union)), AlbisTable.open(out).schema().fields());
        List<Object> expected = read(file, (v, i) -> {
            if (isNull(v, i)) {
                return null;
            }
            UnionColumnVector u = (UnionColumnVector) v;
            int tag = u.tags[i];
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("tag", (byte) tag);
            m.put("field0", tag != 0 || isNull(u.fields[0], i) ? null : (int) ((LongColumnVector) u.fields[0]).vector[i]);
            m.put("field1", tag != 1 ? null : ((BytesColumnVector) u.fields[1]).toString(i));
            m.put("field2", tag != 2 ? null
                    : Map.of("a", ((DoubleColumnVector) ((StructColumnVector) u.fields[2]).fields[0]).vector[i]));
            return m;
        });
        assertEquals(ROWS, expected.size());
        assertEquals(expected, albisColumn(out, "u"));
    }

    @Test
    void aRootThatIsNotAStructBecomesOneColumn() throws Exception {
        Path file = dir.resolve("ints.orc");
        write(file, TypeDescription.createInt(), (batch, i, r) -> {
            LongColumnVector v = (LongColumnVector) batch.cols[0];
            v.isNull[i] = r % 9 == 0;
            v.noNulls &= !v.isNull[i];
            v.vector[i] = r * 31L - 1000;
        });
        String out = convert(file);
        assertEquals(List.of(Field.of("_col0", DataType.INT)), AlbisTable.open(out).schema().fields());
        List<Object> expected = read(file, (c, i) -> isNull(c, i) ? null : (int) ((LongColumnVector) c).vector[i]);
        assertEquals(ROWS, expected.size());
        assertEquals(expected, albisColumn(out, "_col0"));
    }

    @Test
    void aRootAlbisCannotHoldIsRefusedInOneLineNamingTheColumn() throws Exception {
        Path file = dir.resolve("maps.orc");
        write(file, TypeDescription.fromString("map<map<string,int>,int>"), null);
        Path out = dir.resolve("t");
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> OrcToAlbis.convert(file.toString(),
                LocalStorage.INSTANCE, out.toString(), ConvertOptions.defaults()));
        for (String part : List.of(file.toString(), "'_col0'", "map", "root")) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' missing from: " + e.getMessage());
        }
        assertFalse(e.getMessage().contains("\n"));
        assertFalse(Files.exists(out));
    }
}
