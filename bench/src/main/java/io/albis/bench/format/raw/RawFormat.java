package io.albis.bench.format.raw;

/** {@code raw}: the Albis table's data files read with every byte summed as longs, nothing parsed. */
public final class RawFormat extends RawBaseline {

    public RawFormat() {
        super("raw");
    }

    @Override
    protected boolean touch() {
        return true;
    }
}
