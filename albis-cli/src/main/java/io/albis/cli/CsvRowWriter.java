package io.albis.cli;

import io.albis.error.InvalidOptionException;
import io.albis.read.AlbisReader;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * CSV (RFC 4180, CRLF line ends, quotes only where needed) with a header of dotted column names.
 * A null, including every field of a null struct, is an empty field; values use {@link ValueText}.
 * Lists and maps have no CSV form: a projection holding one is refused, naming the column.
 */
final class CsvRowWriter implements RowWriter {
    private final CSVPrinter csv;
    /** Reader columns printed (struct presence columns are not values). */
    private final int[] columns;
    /** For each printed column, the reader columns of the struct presence markers above it. */
    private final int[][] enclosingMarkers;
    private final Object[] record;

    CsvRowWriter(Writer out, AlbisReader reader) throws IOException {
        List<Integer> cols = new ArrayList<>();
        List<String> header = new ArrayList<>();
        for (int i = 0; i < reader.columnCount(); i++) {
            if (reader.column(i).type().isNested()) {
                throw new InvalidOptionException("column '" + reader.column(i).name() + "' is a " + reader.column(i).type()
                        + ", which CSV has no form for; leave it out with --columns or print JSON (--format jsonl)");
            }
            if (!reader.column(i).isStructMarker()) {
                cols.add(i);
                header.add(reader.column(i).name());
            }
        }
        columns = cols.stream().mapToInt(Integer::intValue).toArray();
        enclosingMarkers = new int[columns.length][];
        for (int k = 0; k < columns.length; k++) {
            List<String> path = reader.column(columns[k]).path();
            List<Integer> markers = new ArrayList<>();
            for (int i = 0; i < reader.columnCount(); i++) {
                List<String> p = reader.column(i).path();
                if (reader.column(i).isStructMarker() && p.size() < path.size() && path.subList(0, p.size()).equals(p)) {
                    markers.add(i);
                }
            }
            enclosingMarkers[k] = markers.stream().mapToInt(Integer::intValue).toArray();
        }
        record = new Object[columns.length];
        csv = new CSVPrinter(out, CSVFormat.RFC4180.builder().setHeader(header.toArray(new String[0])).get());
    }

    @Override
    public void write(AlbisReader row) throws IOException {
        for (int k = 0; k < columns.length; k++) {
            record[k] = underNullStruct(row, k) ? null : textOrNull(row.getValue(columns[k]));
        }
        csv.printRecord(record);
    }

    private boolean underNullStruct(AlbisReader row, int k) {
        for (int m : enclosingMarkers[k]) {
            if (row.isNull(m)) {
                return true;
            }
        }
        return false;
    }

    private static String textOrNull(Object v) {
        return v == null ? null : ValueText.text(v);
    }

    @Override
    public void close() throws IOException {
        csv.flush();
    }
}
