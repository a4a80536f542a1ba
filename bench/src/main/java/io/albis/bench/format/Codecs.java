package io.albis.bench.format;

/** Codec names used in results: each format maps them to its own settings. */
public final class Codecs {
    public static final String NONE = "none";
    public static final String SNAPPY = "snappy";
    public static final String ZLIB = "zlib";
    public static final String ZSTD = "zstd";

    private Codecs() {}
}
