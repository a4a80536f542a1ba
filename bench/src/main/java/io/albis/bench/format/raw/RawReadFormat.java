package io.albis.bench.format.raw;

/** {@code raw-read}: the Albis table's data files only read into a buffer; no byte is touched. */
public final class RawReadFormat extends RawBaseline {

    public RawReadFormat() {
        super("raw-read");
    }

    @Override
    protected boolean touch() {
        return false;
    }
}
