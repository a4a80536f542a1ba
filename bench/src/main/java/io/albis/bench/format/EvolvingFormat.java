package io.albis.bench.format;

import io.albis.scan.ScanResult;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A format whose tables experiment 11 changes ({@link ColumnChange}): Albis in place, the others
 * by rewriting the table with the change, the only way they can.
 */
public interface EvolvingFormat extends BenchFormat {

    /**
     * Applies {@code change} to {@code copy}, a copy of a table in this format with {@code codec},
     * leaving the changed table in the directory {@code dir} (which does not exist yet): an Albis
     * table is linked there first, untimed, and changed in place; a rewrite writes there. Returns
     * the files the change wrote, their bytes and its wall time.
     */
    WriteResult change(ColumnChange change, Path copy, Path dir, String codec, int threads) throws IOException;

    /**
     * Untimed: checks the changed table at {@code dir} (an added column against its expression,
     * row by row; a dropped column gone; the new column groups) and returns the totals of every
     * value of the columns it kept from the source, which the harness compares with the source's.
     *
     * @throws IOException naming what is wrong when the check fails
     */
    ScanResult readChanged(ColumnChange change, Path dir, int threads) throws IOException;
}
