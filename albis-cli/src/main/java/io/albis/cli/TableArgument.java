package io.albis.cli;

import io.albis.storage.Storages;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import java.io.IOException;
import picocli.CommandLine.Parameters;

/** The TABLE parameter shared by the commands that read a table. */
public final class TableArgument {
    @Parameters(index = "0", paramLabel = "TABLE", description = "Path of an Albis table (a directory).")
    String path;

    public String path() {
        return path;
    }

    public AlbisTable open() throws IOException {
        Storage storage = Storages.forPath(path);
        return AlbisTable.open(storage, path);
    }
}
