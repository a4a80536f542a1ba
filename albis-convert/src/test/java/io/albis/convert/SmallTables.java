package io.albis.convert;

import io.albis.write.WriterOptions;

/** Conversion options that cut a table of a few thousand rows into several row groups of many segments. */
public final class SmallTables {
    private SmallTables() {}

    public static ConvertOptions options() {
        return ConvertOptions.defaults().withWriter(WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(700));
    }
}
