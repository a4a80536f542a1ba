package io.albis.bench.format.parquet;

import io.albis.bench.format.peer.DecimalWords;
import io.albis.scan.ValueChecksum;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.PrimitiveType;

/**
 * parquet-java primitive converters that add each value straight into the {@link PendingRow}: no
 * record objects, no boxing. A converter counts its value when its column is projected and keeps
 * it as the filter value when its column is the filter column.
 */
final class ChecksumConverters {

    private ChecksumConverters() {
    }

    /** A converter for a column of the types Albis writes to Parquet; other types are refused naming the file. */
    static PrimitiveConverter of(PrimitiveType t, boolean projected, boolean filter, PendingRow row, Path file)
            throws IOException {
        LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
        PrimitiveTypeName type = t.getPrimitiveTypeName();
        PrimitiveConverter c = switch (type) {
            case BOOLEAN -> a == null ? new PlainValue(row, projected, 1) : null;
            case INT32 -> intWidth(a) > 0 ? new PlainValue(row, projected, intWidth(a)) : null;
            case INT64 -> longIsPlain(a) ? new PlainValue(row, projected, 8) : null;
            case FLOAT -> a == null ? new PlainValue(row, projected, 4) : null;
            case DOUBLE -> a == null ? new PlainValue(row, projected, 8) : null;
            case BINARY, FIXED_LEN_BYTE_ARRAY -> {
                if (a instanceof DecimalLogicalTypeAnnotation d) {
                    yield new DecimalBytes(row, projected, d.getPrecision());
                }
                yield a == null || a instanceof StringLogicalTypeAnnotation ? new ByteString(row, projected) : null;
            }
            case INT96 -> null;
        };
        if (c == null) {
            throw new IOException(file + ": column '" + t.getName() + "' has Parquet type " + t
                    + ", which the benchmark does not measure");
        }
        if (filter) {
            boolean plainInteger = a == null || a instanceof IntLogicalTypeAnnotation i && i.getBitWidth() >= 32;
            if (type != PrimitiveTypeName.INT32 && type != PrimitiveTypeName.INT64 || !plainInteger) {
                throw new IOException(file + ": filter column '" + t.getName() + "' is " + t
                        + "; the benchmark filters on int or long columns");
            }
            ((PlainValue) c).filter = true;
        }
        return c;
    }

    /** Logical bytes of an INT32 value by annotation; 0 for annotations Albis does not write. */
    private static int intWidth(LogicalTypeAnnotation a) {
        if (a == null) {
            return 4;
        }
        if (a instanceof IntLogicalTypeAnnotation i && i.isSigned()) {
            return i.getBitWidth() / 8;
        }
        if (a instanceof DateLogicalTypeAnnotation) {
            return 4;
        }
        if (a instanceof DecimalLogicalTypeAnnotation) {
            return 8;
        }
        return 0;
    }

    /** INT64 values whose Albis checksum word is the stored long itself. */
    private static boolean longIsPlain(LogicalTypeAnnotation a) {
        return a == null || a instanceof IntLogicalTypeAnnotation i && i.isSigned()
                || a instanceof DecimalLogicalTypeAnnotation
                || a instanceof TimestampLogicalTypeAnnotation ts && ts.getUnit() == TimeUnit.MICROS;
    }

    /**
     * A converter of one column of booleans, ints, longs, floats or doubles (parquet-java calls the
     * one method of its type): adds each value to the row when the column is projected; an int or
     * long column that is the filter column also hands its value to the row for the filter.
     */
    private static final class PlainValue extends PrimitiveConverter {
        private final PendingRow row;
        private final boolean projected;
        /** Logical bytes of a value. */
        private final int width;
        private boolean filter;

        PlainValue(PendingRow row, boolean projected, int width) {
            this.row = row;
            this.projected = projected;
            this.width = width;
        }

        @Override
        public void addBoolean(boolean value) {
            if (projected) {
                row.add(value ? 1 : 0, width);
            }
        }

        @Override
        public void addInt(int value) {
            if (projected) {
                row.add(value, width);
            }
            if (filter) {
                row.keepFilterValue(value);
            }
        }

        @Override
        public void addLong(long value) {
            if (projected) {
                row.add(value, width);
            }
            if (filter) {
                row.keepFilterValue(value);
            }
        }

        @Override
        public void addFloat(float value) {
            if (projected) {
                row.add(ValueChecksum.ofFloat(value), width);
            }
        }

        @Override
        public void addDouble(double value) {
            if (projected) {
                row.add(ValueChecksum.ofDouble(value), width);
            }
        }
    }

    /** A column of strings, binaries or decimals as bytes: adds its values to the row when the column is projected. */
    private abstract static class BytesValue extends PrimitiveConverter {
        final PendingRow row;
        final boolean projected;

        BytesValue(PendingRow row, boolean projected) {
            this.row = row;
            this.projected = projected;
        }
    }

    /** Strings and binaries: the bytes are read where parquet-java holds them, without a copy when it can. */
    private static final class ByteString extends BytesValue {
        ByteString(PendingRow row, boolean projected) {
            super(row, projected);
        }

        @Override
        public void addBinary(Binary value) {
            if (projected) {
                ByteBuffer b = value.toByteBuffer();
                int len = b.remaining();
                if (b.hasArray()) {
                    row.add(ValueChecksum.ofBytes(b.array(), b.arrayOffset() + b.position(), len), len);
                } else {
                    byte[] copy = value.getBytes();
                    row.add(ValueChecksum.ofBytes(copy, 0, copy.length), len);
                }
            }
        }
    }

    /** Decimals stored as big-endian bytes (Albis writes those of more than 18 digits this way). */
    private static final class DecimalBytes extends BytesValue {
        private final int precision;
        private final int width;

        DecimalBytes(PendingRow row, boolean projected, int precision) {
            super(row, projected);
            this.precision = precision;
            this.width = precision <= io.albis.schema.DataType.MAX_LONG_DECIMAL_PRECISION ? 8 : 16;
        }

        @Override
        public void addBinary(Binary value) {
            if (projected) {
                byte[] b = value.getBytesUnsafe();
                row.add(DecimalWords.ofBigEndian(b, 0, b.length, precision), width);
            }
        }
    }
}
