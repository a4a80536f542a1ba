package io.albis.spark.write;

import io.albis.error.InvalidOptionException;
import io.albis.schema.Column;
import io.albis.schema.Schema;
import io.albis.spark.table.SourceOptions;
import io.albis.spark.types.SparkTypes;
import io.albis.write.WriterOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;

/**
 * The bloom filters a Spark write asks for, as a write option or a table property:
 * {@value #COLUMNS} (column names separated by commas, {@code a.b} for a struct's field; empty for
 * none) and {@value #FPP} (the false-positive rate, above 0 and below 1). Names are resolved
 * against the written columns as Spark resolves column names: without regard to case unless
 * {@code spark.sql.caseSensitive} is set. A name no written column has, a partition column's, or a
 * rate out of range is refused naming the option, before anything is written.
 */
final class WriteBloomFilters {
    static final String COLUMNS = "bloomFilterColumns";
    static final String FPP = "bloomFilterFpp";

    private WriteBloomFilters() {}

    /** Refuses a rate that is no number or out of range, without the columns the names need. */
    static void check(Map<String, String> options) {
        withFpp(WriterOptions.defaults(), options);
    }

    /**
     * {@code w} with the bloom filters {@code options} ask for on the rows of {@code dataSchema}
     * (the table's stored columns) written under the partition columns {@code partitionSchema}.
     */
    static WriterOptions apply(WriterOptions w, Map<String, String> options, StructType dataSchema,
            StructType partitionSchema) {
        WriterOptions withFpp = withFpp(w, options);
        String text = SourceOptions.value(options, COLUMNS);
        if (text == null) {
            return withFpp;
        }
        return withColumns(withFpp, text, Schema.builder().fields(SparkTypes.toAlbis(dataSchema)).build(),
                partitionSchema);
    }

    /**
     * Refuses bloom filter properties a table of {@code schema} and the partition columns
     * {@code partitionSchema} cannot take, when they are set ({@code ALTER TABLE … SET TBLPROPERTIES}),
     * rather than at its next write.
     */
    static void check(Map<String, String> properties, Schema schema, StructType partitionSchema) {
        WriterOptions withFpp = withFpp(WriterOptions.defaults(), properties);
        String text = SourceOptions.value(properties, COLUMNS);
        if (text != null) {
            withColumns(withFpp, text, schema, partitionSchema);
        }
    }

    private static WriterOptions withColumns(WriterOptions withFpp, String text, Schema columns,
            StructType partitionSchema) {
        boolean caseSensitive = SQLConf.get().caseSensitiveAnalysis();
        List<String> resolved = new ArrayList<>();
        for (String name : names(text)) {
            resolved.add(resolve(name, columns, partitionSchema, caseSensitive));
        }
        return withFpp.withBloomFilterColumns(resolved);
    }

    /** The names of the option's text: separated by commas, blanks around them and empty names left out. */
    static List<String> names(String text) {
        List<String> out = new ArrayList<>();
        for (String n : text.split(",")) {
            if (!n.isBlank()) {
                out.add(n.trim());
            }
        }
        return out;
    }

    private static WriterOptions withFpp(WriterOptions w, Map<String, String> options) {
        String value = SourceOptions.value(options, FPP);
        if (value == null) {
            return w;
        }
        try {
            return w.withBloomFilterFpp(Double.parseDouble(value.trim()));
        } catch (NumberFormatException e) {
            throw refused(FPP, "'" + value + "' is not a number");
        } catch (InvalidOptionException e) {
            throw refused(FPP, e.getMessage());
        }
    }

    /** The column {@code name} stands for: its own name, or the one name that matches it without regard to case. */
    private static String resolve(String name, Schema columns, StructType partitionSchema, boolean caseSensitive) {
        List<String> matches = new ArrayList<>();
        for (Column c : columns.columns()) {
            if (c.deleted()) {
                continue;
            }
            if (c.name().equals(name)) {
                return name;
            }
            if (!caseSensitive && c.name().equalsIgnoreCase(name)) {
                matches.add(c.name());
            }
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.size() > 1) {
            throw refused(COLUMNS, "'" + name + "' matches the columns " + matches + "; give the name in its case");
        }
        for (String p : partitionSchema.fieldNames()) {
            if (caseSensitive ? p.equals(name) : p.equalsIgnoreCase(name)) {
                throw refused(COLUMNS, "'" + name + "' is a partition column: its value is its rows' directory, not"
                        + " stored in row groups, so it has no bloom filter");
            }
        }
        throw refused(COLUMNS, "'" + name + "' is not a stored column; the columns are " + columns.liveColumnNames());
    }

    private static InvalidOptionException refused(String option, String why) {
        return new InvalidOptionException("option " + option + ": " + why);
    }
}
