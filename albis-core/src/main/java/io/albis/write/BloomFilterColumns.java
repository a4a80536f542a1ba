package io.albis.write;

import io.albis.error.InvalidOptionException;
import io.albis.schema.Column;
import io.albis.schema.Schema;
import io.albis.segment.StatKind;

/**
 * The columns of a schema that {@link WriterOptions#bloomFilterColumns()} names, resolved once
 * when a writer opens: a name that is no live column of the table, or a column of a type without
 * statistics (a struct, list or map), is refused naming the column, before any row is written.
 */
final class BloomFilterColumns {
    /** By table column index: whether its segments get bloom filters. */
    private final boolean[] indexed;
    private final double fpp;

    private BloomFilterColumns(boolean[] indexed, double fpp) {
        this.indexed = indexed;
        this.fpp = fpp;
    }

    /** The columns of {@code schema} the options name; {@code table} is for the messages. */
    static BloomFilterColumns of(Schema schema, WriterOptions options, String table) {
        boolean[] indexed = new boolean[schema.columnCount()];
        for (String name : options.bloomFilterColumns()) {
            if (!schema.hasColumn(name)) {
                throw new InvalidOptionException("bloom filter column '" + name + "' is not a column of " + table
                        + "; its columns are " + schema.liveColumnNames());
            }
            Column c = schema.column(schema.columnIndex(name));
            if (StatKind.of(c.type()) == StatKind.NONE) {
                throw new InvalidOptionException("bloom filter column '" + name + "' of " + table + " is a "
                        + (c.isStructMarker() ? "struct; name its fields instead" : c.type()
                        + ": a list or map column has no bloom filter"));
            }
            indexed[c.index()] = true;
        }
        return new BloomFilterColumns(indexed, options.bloomFilterFpp());
    }

    boolean indexes(int column) {
        return indexed[column];
    }

    double fpp() {
        return fpp;
    }
}
