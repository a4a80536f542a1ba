package io.albis.bench.jmh;

import io.albis.read.AlbisReader;
import io.albis.read.BinaryRow;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * The binary row API on a store_sales-shaped table (10 int, 1 long, 12 decimal(7,2), about
 * 4.5% nulls; 147-byte rows): {@link #view} takes {@code getBinaryRow()} (a view into the
 * segment buffer), {@link #copy} takes {@code copyBinaryRow()} (a new array per row, the paper's
 * API), {@link #copyInto} copies each row into one reused array (what a converter into another
 * engine's row format does). Each reads the row length and {@code ss_quantity} from the row it
 * got, so the three do the same work apart from how they get the bytes. One operation reads
 * the whole table.
 */
public class BinaryRowBenchmark extends TableTrial {
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    @Param({"4096", "262144"})
    public int rows;

    /** Offset of ss_quantity inside a row. */
    private int quantityOffset;
    private byte[] rowBuffer;

    @Override
    protected String tableName() {
        return "binary-row";
    }

    @Override
    protected void writeTable(Path dir) throws IOException {
        SyntheticData.writeStoreSales(dir, rows);
    }

    @Override
    protected void opened() throws IOException {
        try (AlbisReader reader = table.newReader()) {
            if (!reader.advance()) {
                throw new IllegalStateException("empty table");
            }
            BinaryRow row = reader.getBinaryRow();
            quantityOffset = row.layout().fixedOffset(table.schema().slotOf(SyntheticData.STORE_SALES_QUANTITY));
            rowBuffer = new byte[row.length()];
        }
    }

    @Benchmark
    public long view() throws IOException {
        long sum = 0;
        int q = quantityOffset;
        try (AlbisReader reader = table.newReader()) {
            while (reader.advance()) {
                BinaryRow row = reader.getBinaryRow();
                sum += row.length() + row.buffer().getInt(row.offset() + q);
            }
        }
        return sum;
    }

    @Benchmark
    public long copy() throws IOException {
        long sum = 0;
        int q = quantityOffset;
        try (AlbisReader reader = table.newReader()) {
            while (reader.advance()) {
                byte[] row = reader.copyBinaryRow();
                sum += row.length + (int) INT_LE.get(row, q);
            }
        }
        return sum;
    }

    @Benchmark
    public long copyInto() throws IOException {
        long sum = 0;
        int q = quantityOffset;
        byte[] buf = rowBuffer;
        try (AlbisReader reader = table.newReader()) {
            while (reader.advance()) {
                BinaryRow row = reader.getBinaryRow();
                row.copyTo(buf, 0);
                sum += row.length() + (int) INT_LE.get(buf, q);
            }
        }
        return sum;
    }
}
