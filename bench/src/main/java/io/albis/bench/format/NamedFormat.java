package io.albis.bench.format;

/**
 * A format whose name and data format are given when it is made: the base of the formats whose
 * readers share their files and code under several names (Parquet, Arrow, the row-by-row formats,
 * the Spark-level formats).
 */
public abstract class NamedFormat implements BenchFormat {
    private final String name;
    private final String dataFormat;

    protected NamedFormat(String name, String dataFormat) {
        this.name = name;
        this.dataFormat = dataFormat;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String dataFormat() {
        return dataFormat;
    }
}
