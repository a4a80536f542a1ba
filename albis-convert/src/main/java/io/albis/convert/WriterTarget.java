package io.albis.convert;

import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.math.BigDecimal;

/** The columns of an Albis writer as a {@link ValueTarget}: slot {@code i} is column {@code i}. */
public final class WriterTarget implements ValueTarget {
    private final AlbisWriter w;

    public WriterTarget(AlbisWriter w) {
        this.w = w;
    }

    @Override
    public void setBoolean(int slot, boolean v) throws IOException {
        w.setBoolean(slot, v);
    }

    @Override
    public void setByte(int slot, byte v) throws IOException {
        w.setByte(slot, v);
    }

    @Override
    public void setShort(int slot, short v) throws IOException {
        w.setShort(slot, v);
    }

    @Override
    public void setInt(int slot, int v) throws IOException {
        w.setInt(slot, v);
    }

    @Override
    public void setLong(int slot, long v) throws IOException {
        w.setLong(slot, v);
    }

    @Override
    public void setFloat(int slot, float v) throws IOException {
        w.setFloat(slot, v);
    }

    @Override
    public void setDouble(int slot, double v) throws IOException {
        w.setDouble(slot, v);
    }

    @Override
    public void setDate(int slot, int days) throws IOException {
        w.setDate(slot, days);
    }

    @Override
    public void setTimestampMicros(int slot, long micros) throws IOException {
        w.setTimestampMicros(slot, micros);
    }

    @Override
    public void setDecimalUnscaled(int slot, long unscaled) throws IOException {
        w.setDecimalUnscaled(slot, unscaled);
    }

    @Override
    public void setDecimal(int slot, BigDecimal v) throws IOException {
        w.setDecimal(slot, v);
    }

    @Override
    public void setUtf8(int slot, byte[] utf8, int offset, int length) throws IOException {
        w.setUtf8(slot, utf8, offset, length);
    }

    @Override
    public void setBinary(int slot, byte[] v, int offset, int length) throws IOException {
        w.setBinary(slot, v, offset, length);
    }

    @Override
    public void setNull(int slot) throws IOException {
        w.setNull(slot);
    }

    @Override
    public void setValue(int slot, Object v) throws IOException {
        w.setValue(slot, v);
    }
}
