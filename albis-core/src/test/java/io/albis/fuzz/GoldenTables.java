package io.albis.fuzz;

import io.albis.error.AlbisFormatException;
import io.albis.schema.Schema;
import io.albis.schema.SchemaCodec;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The golden tables of every format version ({@code src/test/resources/golden/v*}, see
 * {@code GoldenFileTest}), read from the test class path: seeds for the fuzz targets of small
 * files, and the schemas metadata files are checked against.
 */
final class GoldenTables {
    private GoldenTables() {}

    /** One directory per format version, in version order. */
    static List<Path> versions() throws IOException {
        return trees("v\\d+\\.\\d+");
    }

    /** The partitioned golden tables (format 5.0 on), in version order. */
    static List<Path> partitioned() throws IOException {
        return trees("partitioned-v\\d+\\.\\d+");
    }

    private static List<Path> trees(String pattern) throws IOException {
        URL root = GoldenTables.class.getResource("/golden");
        if (root == null) {
            throw new IOException("the golden tables are not on the test class path");
        }
        try (Stream<Path> s = Files.list(Path.of(root.toURI()))) {
            // Only the trees asked for: a build directory may hold leftovers beside them.
            return s.filter(Files::isDirectory).filter(p -> p.getFileName().toString().matches(pattern))
                    .sorted().toList();
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
    }

    /** Every regular file of a golden table, directories of older layouts included, in path order. */
    static List<Path> files(Path version) throws IOException {
        try (Stream<Path> s = Files.walk(version)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }

    /** The schema of a golden table (each has one version). */
    static Schema schema(Path version) throws IOException {
        Path file = version.resolve("_schema.00000001");
        try {
            return SchemaCodec.decode(Files.readAllBytes(file), file.toString());
        } catch (AlbisFormatException e) {
            throw new IOException("golden schema " + file + " does not decode", e);
        }
    }
}
