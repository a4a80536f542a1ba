package io.albis.convert.orc;

import io.albis.convert.ValueSource;
import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.TypeId;
import java.util.List;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MultiValuedColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;

/**
 * Writes Albis values into ORC column vectors made by {@code createRowBatchV2} of
 * {@link OrcSchemas#toOrc}, one filler per Albis type. The same fillers serve a flat column
 * (values from the reader's row) and an element, key, value or field inside a list or map (values
 * from the nested value): a list's elements and a map's entries go into the child vectors after
 * those of the rows before, which grow as needed.
 */
final class OrcVectorFillers {
    /**
     * ORC stores seconds rounded toward zero and its reader corrects only results below zero, so
     * the microseconds from here to -1 (the last second before the epoch, a millisecond or more
     * past it) read back one second late: they are refused rather than changed.
     */
    static final long LAST_SECOND_BEFORE_EPOCH_BROKEN = -999_000L;

    private OrcVectorFillers() {
    }

    /** Sets one position of a vector from one value of a source. */
    abstract static class Filler {
        final ColumnVector vector;

        Filler(ColumnVector vector) {
            this.vector = vector;
        }

        /** Sets position {@code row} of the vector from value {@code i} of {@code src}, null included. */
        final void fill(ValueSource src, int i, int row) {
            if (src.isNull(i)) {
                setNull(row);
                return;
            }
            vector.isNull[row] = false;
            fillValue(src, i, row);
        }

        void setNull(int row) {
            vector.noNulls = false;
            vector.isNull[row] = true;
        }

        /** Sets position {@code row} from value {@code i}, which is not null. */
        abstract void fillValue(ValueSource src, int i, int row);
    }

    /** The filler of values of type {@code t} into {@code v}; {@code name} (the column and the path in it) is for messages. */
    static Filler of(DataType t, String name, ColumnVector v) {
        return switch (t.id()) {
            case LIST -> {
                ListColumnVector l = (ListColumnVector) v;
                yield new ChildrenFiller(l, new ColumnVector[] {l.child},
                        new Filler[] {of(t.elementField().type(), name + ".element", l.child)});
            }
            case MAP -> {
                MapColumnVector m = (MapColumnVector) v;
                yield new ChildrenFiller(m, new ColumnVector[] {m.keys, m.values}, new Filler[] {
                    of(t.keyField().type(), name + ".key", m.keys), of(t.valueField().type(), name + ".value", m.values)});
            }
            case STRUCT -> new StructFiller((StructColumnVector) v, t.fields(), name);
            default -> new LeafFiller(t, name, v);
        };
    }

    /**
     * A list or map: its arrays (a list's elements; a map's keys and values) go into the child
     * vectors after the children of the rows before, which grow to hold them.
     */
    private static final class ChildrenFiller extends Filler {
        private final MultiValuedColumnVector multi;
        private final ColumnVector[] children;
        private final Filler[] fillers;

        ChildrenFiller(MultiValuedColumnVector multi, ColumnVector[] children, Filler[] fillers) {
            super(multi);
            this.multi = multi;
            this.children = children;
            this.fillers = fillers;
        }

        @Override
        void fillValue(ValueSource src, int i, int row) {
            ArrayValue[] arrays;
            if (children.length == 1) {
                arrays = new ArrayValue[] {src.getList(i)};
            } else {
                MapValue m = src.getMap(i);
                arrays = new ArrayValue[] {m.keys(), m.values()};
            }
            int n = arrays[0].count();
            int at = multi.childCount;
            multi.offsets[row] = at;
            multi.lengths[row] = n;
            multi.childCount = at + n;
            for (int c = 0; c < children.length; c++) {
                children[c].ensureSize(multi.childCount, true);
                ValueSource values = ValueSource.of(arrays[c]);
                for (int k = 0; k < n; k++) {
                    fillers[c].fill(values, k, at + k);
                }
            }
        }
    }

    /** A struct inside a list or map; a null one makes its fields null too (ORC ignores them, but keeps them tidy). */
    private static final class StructFiller extends Filler {
        private final Filler[] fields;

        StructFiller(StructColumnVector struct, List<Field> fs, String name) {
            super(struct);
            this.fields = new Filler[fs.size()];
            for (int f = 0; f < fields.length; f++) {
                fields[f] = of(fs.get(f).type(), name + "." + fs.get(f).name(), struct.fields[f]);
            }
        }

        @Override
        void fillValue(ValueSource src, int i, int row) {
            ValueSource struct = ValueSource.of(src.getStruct(i));
            for (int f = 0; f < fields.length; f++) {
                fields[f].fill(struct, f, row);
            }
        }

        @Override
        void setNull(int row) {
            super.setNull(row);
            for (Filler f : fields) {
                f.setNull(row);
            }
        }
    }

    private static final class LeafFiller extends Filler {
        private final String name;
        private final TypeId type;
        private final DataType dataType;

        LeafFiller(DataType t, String name, ColumnVector vector) {
            super(vector);
            this.name = name;
            this.type = t.id();
            this.dataType = t;
        }

        @Override
        void fillValue(ValueSource src, int i, int row) {
            switch (type) {
                case BOOLEAN -> ((LongColumnVector) vector).vector[row] = src.getBoolean(i) ? 1 : 0;
                case BYTE -> ((LongColumnVector) vector).vector[row] = src.getByte(i);
                case SHORT -> ((LongColumnVector) vector).vector[row] = src.getShort(i);
                case INT, DATE -> ((LongColumnVector) vector).vector[row] = src.getInt(i);
                // A timestamp without time zone is a bigint of microseconds (OrcSchemas).
                case LONG, TIMESTAMP_NTZ -> ((LongColumnVector) vector).vector[row] = src.getLong(i);
                case FLOAT -> ((DoubleColumnVector) vector).vector[row] = src.getFloat(i);
                case DOUBLE -> ((DoubleColumnVector) vector).vector[row] = src.getDouble(i);
                case TIMESTAMP -> {
                    long micros = src.getLong(i);
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
                        d.set(row, HiveDecimal.create(src.getDecimal(i)));
                        if (d.isNull[row]) {
                            // ORC turns a value that does not fit into null; Albis's never should.
                            throw new IllegalStateException("decimal in column " + name + " does not fit " + dataType);
                        }
                    } else {
                        ((Decimal64ColumnVector) vector).vector[row] = src.getLong(i);
                    }
                }
                case STRING, BINARY -> {
                    int n = src.loadBytes(i);
                    ((BytesColumnVector) vector).setVal(row, src.bytes(), 0, n);
                }
                case STRUCT, LIST, MAP -> throw new IllegalStateException(type + " is not a leaf");
            }
        }
    }
}
