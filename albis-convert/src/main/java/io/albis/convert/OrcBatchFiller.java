package io.albis.convert;

import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.TypeId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DateColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;

/**
 * Copies the current row of an {@link AlbisReader} into the next slot of an ORC
 * {@link VectorizedRowBatch} made by {@code createRowBatchV2} of {@link OrcSchemas#toOrc}
 * (decimals of up to 18 digits in a {@link Decimal64ColumnVector}, as unscaled longs).
 */
final class OrcBatchFiller {
    /**
     * ORC stores seconds rounded toward zero and its reader corrects only results below zero, so
     * the microseconds from here to -1 (the last second before the epoch, a millisecond or more
     * past it) read back one second late: they are refused rather than changed.
     */
    static final long LAST_SECOND_BEFORE_EPOCH_BROKEN = -999_000L;

    private final Slot[] slots;
    private byte[] scratch = new byte[256];

    /**
     * @param columnOf the reader's column index for each column path (leaves and struct markers)
     */
    OrcBatchFiller(List<Field> fields, Map<List<String>, Integer> columnOf, VectorizedRowBatch batch) {
        List<Slot> out = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            out.add(slot(fields.get(i), List.of(), columnOf, batch.cols[i]));
        }
        this.slots = out.toArray(new Slot[0]);
        // The values are proleptic Gregorian already: mark the vectors so the writer does not convert them.
        for (ColumnVector v : batch.cols) {
            markProleptic(v);
        }
    }

    /** Sets row {@code row} of the batch from the reader's current row. */
    void fill(AlbisReader r, int row) {
        for (Slot s : slots) {
            s.fill(r, row);
        }
    }

    private static void markProleptic(ColumnVector v) {
        if (v instanceof DateColumnVector d) {
            d.changeCalendar(true, false);
        } else if (v instanceof TimestampColumnVector t) {
            t.changeCalendar(true, false);
        } else if (v instanceof StructColumnVector s) {
            for (ColumnVector c : s.fields) {
                markProleptic(c);
            }
        }
    }

    private Slot slot(Field f, List<String> parent, Map<List<String>, Integer> columnOf, ColumnVector v) {
        List<String> path = new ArrayList<>(parent);
        path.add(f.name());
        if (!f.type().isStruct()) {
            return new LeafSlot(String.join(".", path), column(columnOf, path), f.type(), v);
        }
        StructColumnVector sv = (StructColumnVector) v;
        List<Field> children = f.type().fields();
        Slot[] kids = new Slot[children.size()];
        for (int i = 0; i < kids.length; i++) {
            kids[i] = slot(children.get(i), path, columnOf, sv.fields[i]);
        }
        return new StructSlot(f.nullable() ? column(columnOf, path) : -1, sv, kids);
    }

    private static int column(Map<List<String>, Integer> columnOf, List<String> path) {
        Integer c = columnOf.get(path);
        if (c == null) {
            throw new IllegalStateException("the reader has no column " + String.join(".", path));
        }
        return c;
    }

    private abstract static class Slot {
        abstract void fill(AlbisReader r, int row);

        /** Marks the row null here and below (ORC ignores the fields of a null struct, but keeps them tidy). */
        abstract void setNull(int row);
    }

    private static final class StructSlot extends Slot {
        private final int marker;
        private final StructColumnVector vector;
        private final Slot[] children;

        StructSlot(int marker, StructColumnVector vector, Slot[] children) {
            this.marker = marker;
            this.vector = vector;
            this.children = children;
        }

        @Override
        void fill(AlbisReader r, int row) {
            if (marker >= 0 && r.isNull(marker)) {
                setNull(row);
                return;
            }
            vector.isNull[row] = false;
            for (Slot c : children) {
                c.fill(r, row);
            }
        }

        @Override
        void setNull(int row) {
            vector.noNulls = false;
            vector.isNull[row] = true;
            for (Slot c : children) {
                c.setNull(row);
            }
        }
    }

    private final class LeafSlot extends Slot {
        private final String name;
        private final int col;
        private final TypeId type;
        private final DataType dataType;
        private final ColumnVector vector;

        LeafSlot(String name, int col, DataType t, ColumnVector vector) {
            this.name = name;
            this.col = col;
            this.type = t.id();
            this.dataType = t;
            this.vector = vector;
        }

        @Override
        void setNull(int row) {
            vector.noNulls = false;
            vector.isNull[row] = true;
        }

        @Override
        void fill(AlbisReader r, int row) {
            if (r.isNull(col)) {
                setNull(row);
                return;
            }
            vector.isNull[row] = false;
            switch (type) {
                case BOOLEAN -> ((LongColumnVector) vector).vector[row] = r.getBoolean(col) ? 1 : 0;
                case BYTE -> ((LongColumnVector) vector).vector[row] = r.getByte(col);
                case SHORT -> ((LongColumnVector) vector).vector[row] = r.getShort(col);
                case INT -> ((LongColumnVector) vector).vector[row] = r.getInt(col);
                case LONG -> ((LongColumnVector) vector).vector[row] = r.getLong(col);
                case DATE -> ((LongColumnVector) vector).vector[row] = r.getDate(col);
                case FLOAT -> ((DoubleColumnVector) vector).vector[row] = r.getFloat(col);
                case DOUBLE -> ((DoubleColumnVector) vector).vector[row] = r.getDouble(col);
                case TIMESTAMP -> {
                    long micros = r.getTimestampMicros(col);
                    if (micros >= LAST_SECOND_BEFORE_EPOCH_BROKEN && micros < 0) {
                        throw new IllegalStateException("column " + name + ": timestamp "
                                + java.time.Instant.EPOCH.plusNanos(micros * 1000) + " cannot be stored in ORC: orc-core"
                                + " reads timestamps from 23:59:59.001 to 23:59:59.999999 on 1969-12-31 back one second"
                                + " late");
                    }
                    TimestampColumnVector t = (TimestampColumnVector) vector;
                    t.time[row] = Math.floorDiv(micros, 1000L);
                    t.nanos[row] = (int) Math.floorMod(micros, 1_000_000L) * 1000;
                }
                case DECIMAL -> {
                    if (dataType.isWideDecimal()) {
                        DecimalColumnVector d = (DecimalColumnVector) vector;
                        d.set(row, HiveDecimal.create(r.getDecimal(col)));
                        if (d.isNull[row]) {
                            // ORC turns a value that does not fit into null; Albis's never should.
                            throw new IllegalStateException("decimal in column " + name + " does not fit " + dataType);
                        }
                    } else {
                        ((Decimal64ColumnVector) vector).vector[row] = r.getDecimalUnscaled(col);
                    }
                }
                case STRING, BINARY -> {
                    int n = r.getBytesLength(col);
                    if (scratch.length < n) {
                        scratch = new byte[Math.max(n, scratch.length * 2)];
                    }
                    r.copyBytes(col, scratch, 0);
                    ((BytesColumnVector) vector).setVal(row, scratch, 0, n);
                }
                case STRUCT -> throw new IllegalStateException("a struct marker is not a leaf");
            }
        }
    }
}
