package io.albis.convert.csv;

import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.HadoopFile;
import io.albis.convert.OutputTable;
import io.albis.convert.ProgressTicker;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.ColumnSpec;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Converts a CSV file (RFC 4180, UTF-8, first line = column names; see {@link CsvFile}) into a
 * new Albis table of nullable top-level columns.
 *
 * <p>Pass one infers each column's type ({@link CsvTypeInference}) unless the user declared every
 * column's type; pass two writes. An empty field is null, except that a quoted empty field in a
 * string column is the empty string. A value that does not parse under its column's type is an
 * error naming file, line and column, and no table is left behind.
 *
 * <p>The file is read through Hadoop's file system for its path ({@link ConvertOptions#hadoopConf()}):
 * local, file://, hdfs://, crail://; the table is written through the Albis storage for its path.
 */
public final class CsvToAlbis {

    private CsvToAlbis() {
    }

    /** Converts into a table at {@code out}, on the Albis storage {@link Storages#forPath} gives for it; types inferred. */
    public static ConvertResult convert(String in, String out, ConvertOptions options) throws IOException {
        return convert(in, Storages.forPath(out), out, options, null);
    }

    /** Every column's type inferred from its values. */
    public static ConvertResult convert(String in, Storage storage, String out, ConvertOptions options) throws IOException {
        return convert(in, storage, out, options, null);
    }

    /**
     * @param schemaSpec declared types for some or all columns, like {@code a:int,c:decimal(7,2)}
     *                   (see {@link ColumnSpec}); null to infer all
     */
    public static ConvertResult convert(String in, Storage storage, String out, ConvertOptions options, String schemaSpec)
            throws IOException {
        Map<String, DataType> declared = schemaSpec == null ? Map.of() : ColumnSpec.parse(schemaSpec);
        HadoopFile file = HadoopFile.of(in, options.hadoopConf());
        List<String> header;
        DataType[] types;
        long total = -1;
        try (CsvFile csv = CsvFile.open(file)) {
            header = csv.header();
            for (String name : declared.keySet()) {
                if (!header.contains(name)) {
                    throw new SchemaMismatchException("the CSV schema names column '" + name + "', but the header of "
                            + in + " has only " + header);
                }
            }
            types = new DataType[header.size()];
            boolean inferAny = false;
            for (int c = 0; c < types.length; c++) {
                types[c] = declared.get(header.get(c));
                inferAny |= types[c] == null;
            }
            if (inferAny) {
                total = infer(csv, types);
            }
        }
        List<Field> fields = new ArrayList<>();
        for (int c = 0; c < types.length; c++) {
            fields.add(Field.of(header.get(c), types[c]));
        }
        Schema schema = OutputTable.schema(fields, options, file.name());
        ProgressTicker ticker = new ProgressTicker(options.progress(), total);
        Schema written = OutputTable.write(storage, out, schema, options, writer -> {
            try (CsvFile csv = CsvFile.open(file)) {
                write(csv, writer, types, ticker);
            }
        });
        ticker.finish();
        return new ConvertResult(ticker.done(), written);
    }

    /** Pass one: fills the types left null; returns the number of records. */
    private static long infer(CsvFile csv, DataType[] types) throws IOException {
        CsvTypeInference inference = new CsvTypeInference(types.length);
        long rows = 0;
        while (csv.next()) {
            for (int c = 0; c < types.length; c++) {
                if (types[c] == null) {
                    inference.observe(c, csv.value(c));
                }
            }
            rows++;
        }
        for (int c = 0; c < types.length; c++) {
            if (types[c] == null) {
                types[c] = inference.type(c);
            }
        }
        return rows;
    }

    /** Pass two. The table's columns are the CSV's, in order, so column index = field index. */
    private static void write(CsvFile csv, AlbisWriter w, DataType[] types, ProgressTicker ticker) throws IOException {
        for (int c = 0; c < types.length; c++) {
            if (!w.schema().column(c).name().equals(csv.header().get(c))) {
                throw new IllegalStateException("column " + c + " of the table is " + w.schema().column(c).name());
            }
        }
        while (csv.next()) {
            for (int c = 0; c < types.length; c++) {
                String v = csv.value(c);
                if (v == null || (v.isEmpty() && types[c].id() != io.albis.schema.TypeId.STRING)) {
                    w.setNull(c);
                    continue;
                }
                try {
                    set(w, c, types[c], v);
                } catch (IllegalArgumentException e) {
                    throw new ConvertInputException(csv.name(), "line " + csv.line() + ", column '" + csv.header().get(c) + "': "
                            + quote(v) + " is not a valid " + types[c] + ": " + e.getMessage());
                }
            }
            w.nextRow();
            ticker.row();
        }
    }

    private static void set(AlbisWriter w, int c, DataType t, String v) throws IOException {
        switch (t.id()) {
            case BOOLEAN -> w.setBoolean(c, CsvValues.parseBoolean(v));
            case BYTE -> w.setByte(c, (byte) CsvValues.parseInteger(v, Byte.MIN_VALUE, Byte.MAX_VALUE));
            case SHORT -> w.setShort(c, (short) CsvValues.parseInteger(v, Short.MIN_VALUE, Short.MAX_VALUE));
            case INT -> w.setInt(c, (int) CsvValues.parseInteger(v, Integer.MIN_VALUE, Integer.MAX_VALUE));
            case LONG -> w.setLong(c, CsvValues.parseInteger(v, Long.MIN_VALUE, Long.MAX_VALUE));
            case FLOAT -> w.setFloat(c, CsvValues.parseFloat(v));
            case DOUBLE -> w.setDouble(c, CsvValues.parseDouble(v));
            case DATE -> w.setDate(c, CsvValues.parseDate(v));
            case TIMESTAMP -> w.setTimestampMicros(c, CsvValues.parseTimestampMicros(v));
            case STRING -> w.setString(c, v);
            case DECIMAL -> w.setDecimal(c, CsvValues.parseDecimal(v, t));
            case BINARY, STRUCT -> throw new IllegalStateException("CSV columns are never " + t);
        }
    }

    private static String quote(String v) {
        return "'" + (v.length() > 60 ? v.substring(0, 60) + "..." : v) + "'";
    }
}
