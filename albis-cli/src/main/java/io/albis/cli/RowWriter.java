package io.albis.cli;

import io.albis.read.AlbisReader;
import java.io.Closeable;
import java.io.IOException;

/** Prints the current row of a reader in one output format. */
interface RowWriter extends Closeable {
    void write(AlbisReader row) throws IOException;
}
