package io.albis.testing;

import io.albis.layout.TableLayout;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/** Surgery on a table's files for tests that damage, relabel or copy them. */
public final class TableFiles {
    private TableFiles() {}

    /**
     * Recomputes the CRC-32C footer of a schema or metadata file (a copy), so that only what a
     * test changed on purpose is wrong with it.
     */
    public static byte[] reseal(byte[] b) {
        byte[] m = b.clone();
        CRC32C crc = new CRC32C();
        crc.update(m, 0, m.length - 8);
        ByteBuffer.wrap(m).order(ByteOrder.LITTLE_ENDIAN).putInt(m.length - 8, (int) crc.getValue());
        return m;
    }

    /** The row groups a listing of a table directory holds entries of (4.0 files, or older row group directories). */
    public static Set<String> rowGroupsIn(List<String> names) {
        Set<String> out = new TreeSet<>();
        names.stream().map(TableLayout::rowGroupOf).filter(Objects::nonNull).forEach(out::add);
        return out;
    }

    /** The entries of a table directory's listing that belong to no row group. */
    public static List<String> otherThanRowGroups(List<String> names) {
        return names.stream().filter(n -> TableLayout.rowGroupOf(n) == null).toList();
    }

    /** Copies a directory tree; {@code to} must not hold any of its files yet. */
    public static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
