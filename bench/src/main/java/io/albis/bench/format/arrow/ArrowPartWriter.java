package io.albis.bench.format.arrow;

import io.albis.bench.format.peer.PartWriter;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.DataType;
import io.albis.schema.TypeId;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.ipc.ArrowFileWriter;

/**
 * Writes one row group of an Albis table as an Arrow IPC file with {@link ArrowFileWriter}, in
 * record batches of {@value #BATCH} rows, values from the Albis reader's getters. The file is
 * written under a temporary name and renamed into place when complete.
 */
final class ArrowPartWriter implements PartWriter {
    static final int BATCH = 65_536;

    @Override
    public void write(AlbisTable source, int rowGroup, Path file) throws IOException {
        PartWriter.writeAtomically(file, temp -> writeTo(source, rowGroup, temp));
    }

    private static void writeTo(AlbisTable source, int rowGroup, Path temp) throws IOException {
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot root = VectorSchemaRoot.create(ArrowSchemas.of(source.schema().fields()), allocator);
             FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
             ArrowFileWriter writer = new ArrowFileWriter(root, null, out);
             AlbisReader reader = source.newReader(ReadOptions.all().withRowGroups(rowGroup))) {
            FieldVector[] vectors = root.getFieldVectors().toArray(new FieldVector[0]);
            DataType[] types = new DataType[vectors.length];
            for (int c = 0; c < vectors.length; c++) {
                types[c] = reader.column(c).type();
                vectors[c].setInitialCapacity(BATCH);
            }
            byte[] scratch = new byte[256];
            writer.start();
            root.allocateNew();
            int n = 0;
            boolean wroteBatch = false;
            while (reader.advance()) {
                for (int c = 0; c < vectors.length; c++) {
                    scratch = set(reader, c, types[c], vectors[c], n, scratch);
                }
                if (++n == BATCH) {
                    root.setRowCount(n);
                    writer.writeBatch();
                    wroteBatch = true;
                    root.allocateNew();
                    n = 0;
                }
            }
            if (n > 0 || !wroteBatch) {
                root.setRowCount(n);
                writer.writeBatch();
            }
            writer.end();
        } catch (IOException | RuntimeException e) {
            throw new IOException(temp + ": cannot write row group " + rowGroup + " of " + source.path()
                    + " as Arrow: " + e.getMessage(), e);
        }
    }

    /** Sets row {@code row} of one vector from the reader's current row; returns the (maybe grown) scratch buffer. */
    private static byte[] set(AlbisReader r, int c, DataType dataType, FieldVector v, int row, byte[] scratch) {
        if (r.isNull(c)) {
            v.setNull(row);
            return scratch;
        }
        TypeId type = dataType.id();
        switch (type) {
            case BOOLEAN -> ((BitVector) v).setSafe(row, r.getBoolean(c) ? 1 : 0);
            case BYTE -> ((TinyIntVector) v).setSafe(row, r.getByte(c));
            case SHORT -> ((SmallIntVector) v).setSafe(row, r.getShort(c));
            case INT -> ((IntVector) v).setSafe(row, r.getInt(c));
            case LONG -> ((BigIntVector) v).setSafe(row, r.getLong(c));
            case FLOAT -> ((Float4Vector) v).setSafe(row, r.getFloat(c));
            case DOUBLE -> ((Float8Vector) v).setSafe(row, r.getDouble(c));
            case DATE -> ((DateDayVector) v).setSafe(row, r.getDate(c));
            case TIMESTAMP -> ((TimeStampMicroTZVector) v).setSafe(row, r.getTimestampMicros(c));
            case DECIMAL -> setDecimal(r, c, dataType.isWideDecimal(), (DecimalVector) v, row);
            case STRING, BINARY -> {
                int len = r.getBytesLength(c);
                if (scratch.length < len) {
                    scratch = new byte[Math.max(len, scratch.length * 2)];
                }
                r.copyBytes(c, scratch, 0);
                if (type == TypeId.STRING) {
                    ((VarCharVector) v).setSafe(row, scratch, 0, len);
                } else {
                    ((VarBinaryVector) v).setSafe(row, scratch, 0, len);
                }
            }
            case LIST -> ArrowNestedWriter.setList((ListVector) v, row, r.getList(c));
            case MAP -> ArrowNestedWriter.setMap((MapVector) v, row, r.getMap(c));
            case STRUCT -> throw new IllegalStateException("column " + c + " is a struct marker");
        }
        return scratch;
    }

    private static void setDecimal(AlbisReader r, int c, boolean wide, DecimalVector v, int row) {
        if (!wide) {
            v.setSafe(row, r.getDecimalUnscaled(c));
            return;
        }
        long hi = r.wideHigh(c);
        long lo = r.wideLow(c);
        byte[] be = new byte[16];
        for (int i = 0; i < 8; i++) {
            be[i] = (byte) (hi >>> (56 - 8 * i));
            be[8 + i] = (byte) (lo >>> (56 - 8 * i));
        }
        v.setBigEndianSafe(row, be);
    }
}
