package io.albis.testing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
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
