package io.albis.bench.format;

import java.util.List;

/** Codec names used in results: each format maps them to its own settings. */
public final class Codecs {
    public static final String NONE = "none";
    public static final String SNAPPY = "snappy";
    public static final String ZLIB = "zlib";
    public static final String ZSTD = "zstd";

    /** The codecs of a format measured uncompressed only. */
    public static final List<String> ONLY_NONE = List.of(NONE);

    private Codecs() {}

    /** Refuses any codec but {@link #NONE} for {@code format}, which is measured uncompressed only. */
    public static void requireNone(String codec, String format) {
        if (!NONE.equals(codec)) {
            throw new IllegalArgumentException(format + ": unknown codec '" + codec + "'; it is measured uncompressed ("
                    + NONE + ")");
        }
    }
}
