package io.albis.tpcds;

import io.albis.error.InvalidOptionException;
import io.albis.schema.Schema;
import io.albis.write.AlbisWriter;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import java.io.IOException;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.function.LongConsumer;

/**
 * Generates a TPC-DS table in-process with io.trino.tpcds and writes it through an
 * {@link AlbisWriter} with the typed setters (no boxing). Data derived from TPC-DS; not a TPC result.
 *
 * <p>Scales: the library accepts fractional scales below 1, but sizes below 1 come in coarse
 * steps (store_sales: 10,000 tickets, about 120,000 rows, per 1/24 of scale 1, and never fewer),
 * and it ignores the fraction of a scale above 1, so such scales are refused here.
 */
public final class TpcdsGenerator {
    /** The generator's own upper limit. */
    public static final double MAX_SCALE = 100_000;
    /** Rows between progress reports. */
    public static final int PROGRESS_EVERY = 10_000;

    private TpcdsGenerator() {}

    /** The names of the generated tables (store_sales, date_dim, ...). */
    public static List<String> tableNames() {
        return Table.getBaseTables().stream().map(Table::getName).toList();
    }

    public static Table table(String name) {
        for (Table t : Table.getBaseTables()) {
            if (t.getName().equalsIgnoreCase(name.trim())) {
                return t;
            }
        }
        throw new InvalidOptionException("no TPC-DS table named '" + name + "'; tables are " + String.join(", ", tableNames()));
    }

    public static void checkScale(double scale) {
        if (!(scale > 0) || scale > MAX_SCALE) {
            throw new InvalidOptionException("TPC-DS scale must be above 0 and at most " + (long) MAX_SCALE + ", got " + scale);
        }
        if (scale > 1 && scale != Math.rint(scale)) {
            throw new InvalidOptionException("TPC-DS scale " + scale + " is above 1 but not whole; the generator would"
                    + " silently drop the fraction, so give a whole number (or a scale below 1)");
        }
    }

    /** The table's columns as an Albis schema builder (every column nullable, as TPC-DS data has nulls). */
    public static Schema.Builder schema(Table table) {
        Schema.Builder b = Schema.builder();
        for (Column c : table.getColumns()) {
            b.column(c.getName(), TpcdsColumnKind.albisType(c), true);
        }
        return b;
    }

    /**
     * The generated rows as the library gives them (text values, null for null), from random
     * number streams that start at {@code seed}.
     */
    public static Iterable<List<String>> rows(Table table, double scale, TpcdsSeed seed) {
        checkScale(scale);
        return () -> TableRows.seeded(seed).rows(table.getName(), scale, 1, 1);
    }

    /**
     * Writes the whole table. The writer's schema must be {@link #schema}'s columns (any column
     * groups). Reports the rows written so far to {@code progress} every {@link #PROGRESS_EVERY} rows.
     */
    public static long write(Table table, double scale, AlbisWriter writer, LongConsumer progress) throws IOException {
        return write(table, scale, TpcdsSeed.DSDGEN_DEFAULT, writer, progress);
    }

    /** {@link #write(Table, double, AlbisWriter, LongConsumer)} with the rows of {@code seed}. */
    public static long write(Table table, double scale, TpcdsSeed seed, AlbisWriter writer, LongConsumer progress)
            throws IOException {
        Column[] columns = table.getColumns();
        int n = columns.length;
        TpcdsColumnKind[] kinds = new TpcdsColumnKind[n];
        int[] scales = new int[n];
        for (int c = 0; c < n; c++) {
            kinds[c] = TpcdsColumnKind.of(columns[c]);
            scales[c] = columns[c].getType().getScale().orElse(0);
            String expected = writer.schema().column(c).name();
            if (!expected.equals(columns[c].getName())) {
                throw new IllegalArgumentException("writer column " + c + " is " + expected + ", not " + columns[c].getName());
            }
        }
        long rows = 0;
        for (List<String> row : rows(table, scale, seed)) {
            if (row.size() != n) {
                throw new IllegalStateException("generator gave " + row.size() + " values for a " + n + "-column "
                        + table.getName() + " row");
            }
            for (int c = 0; c < n; c++) {
                String v = row.get(c);
                if (v == null) {
                    continue; // values not set before nextRow are null
                }
                try {
                    switch (kinds[c]) {
                        case INT -> writer.setInt(c, Integer.parseInt(v));
                        case LONG -> writer.setLong(c, Long.parseLong(v));
                        case DECIMAL -> writer.setDecimalUnscaled(c, TpcdsText.unscaledDecimal(v, scales[c]));
                        case STRING -> writer.setString(c, v);
                        case DATE -> writer.setDate(c, TpcdsText.epochDay(v));
                        case TIME -> writer.setInt(c, TpcdsText.secondsOfDay(v));
                    }
                } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
                    throw new IllegalStateException(table.getName() + " row " + rows + " column " + columns[c].getName()
                            + ": cannot read generated value '" + v + "' as " + kinds[c].name().toLowerCase(Locale.ROOT)
                            + " (" + e.getMessage() + ")");
                }
            }
            writer.nextRow();
            rows++;
            if (rows % PROGRESS_EVERY == 0) {
                progress.accept(rows);
            }
        }
        progress.accept(rows);
        return rows;
    }
}
