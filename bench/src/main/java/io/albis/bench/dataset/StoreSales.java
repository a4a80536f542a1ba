package io.albis.bench.dataset;

import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.tpcds.TpcdsGenerator;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import io.trino.tpcds.Table;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * TPC-DS store_sales generated in-process (data derived from TPC-DS; not a TPC result): 23
 * nullable columns of int, long and decimal(7,2), 2,880,404 rows at scale 1.
 */
public record StoreSales(double scale) implements Dataset {

    public StoreSales {
        TpcdsGenerator.checkScale(scale);
    }

    /**
     * The store_sales the write experiment writes: a tenth of {@code scale} (a whole number above
     * 1, as the generator needs), since a write takes about 100 times as long as a read.
     */
    public static StoreSales forWrites(double scale) {
        double tenth = scale / 10;
        return new StoreSales(tenth > 1 ? Math.floor(tenth) : tenth);
    }

    @Override
    public String name() {
        return "store_sales";
    }

    @Override
    public String key() {
        return "store_sales-sf" + BigDecimal.valueOf(scale).stripTrailingZeros().toPlainString() + "-parts" + PARTS;
    }

    @Override
    public void writeSource(String path) throws IOException {
        Table table = TpcdsGenerator.table("store_sales");
        Schema schema = TpcdsGenerator.schema(table).build();
        // The generator does not know the row count in advance, so generate one row group, then
        // cut it into equal parts.
        String generated = path + "-generated";
        LocalStorage.INSTANCE.delete(generated);
        try {
            AlbisWriter writer = AlbisWriter.create(LocalStorage.INSTANCE, generated, schema,
                    TableCopy.oneRowGroupPerWriter(WriterOptions.DEFAULT_SEGMENT_SIZE));
            try {
                TpcdsGenerator.write(table, scale, writer, rows -> { });
                writer.close();
            } catch (IOException | RuntimeException e) {
                writer.abort();
                throw e;
            }
            AlbisTable whole = AlbisTable.open(LocalStorage.INSTANCE, generated);
            TableCopy.copyEvenly(whole, path, whole.schema(), WriterOptions.DEFAULT_SEGMENT_SIZE, PARTS);
        } finally {
            LocalStorage.INSTANCE.delete(generated);
        }
    }
}
