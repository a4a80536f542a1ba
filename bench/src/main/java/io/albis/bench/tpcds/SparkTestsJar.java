package io.albis.bench.tpcds;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.apache.spark.sql.types.StructType;

/**
 * Spark's tests jar ({@code spark-sql_2.13:<version>:tests}, Apache-2.0), read at run time for its
 * TPC-DS queries, golden answers and table schema; nothing of it is copied into this project. The
 * build copies the jar beside itself (bench/pom.xml). It is kept off the class path, where its
 * service files would register test data sources, and its schema class is loaded by a class loader
 * of its own whose parent supplies Spark.
 */
final class SparkTestsJar implements AutoCloseable {
    private static final String LOCATION = "/io/albis/bench/spark-tests.properties";
    private static final String SCHEMA_HELPER = "org.apache.spark.sql.execution.benchmark.TPCDSSchemaHelper";

    private final Path path;
    private final ZipFile zip;

    private SparkTestsJar(Path path) throws IOException {
        this.path = path;
        this.zip = new ZipFile(path.toFile());
    }

    /** The jar the build copied. */
    static SparkTestsJar open() throws IOException {
        Properties p = new Properties();
        try (InputStream in = SparkTestsJar.class.getResourceAsStream(LOCATION)) {
            if (in == null) {
                throw new IOException("no " + LOCATION + " on the class path; rebuild the bench module");
            }
            p.load(in);
        }
        Path jar = Path.of(p.getProperty("spark.tests.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IOException("Spark's tests jar is not at " + jar + "; build the bench module (mvn -pl bench"
                    + " -am package), which copies it there");
        }
        return new SparkTestsJar(jar);
    }

    /** The text of a resource of the jar (UTF-8), or null when it has none of that name. */
    String text(String resource) {
        ZipEntry e = zip.getEntry(resource);
        if (e == null) {
            return null;
        }
        try (InputStream in = zip.getInputStream(e)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot read " + resource + " from " + path, ex);
        }
    }

    /** The names of the files directly in {@code dir} (ending in '/') that end with {@code suffix}. */
    List<String> names(String dir, String suffix) {
        List<String> names = new ArrayList<>();
        for (Enumeration<? extends ZipEntry> en = zip.entries(); en.hasMoreElements(); ) {
            String n = en.nextElement().getName();
            if (n.startsWith(dir) && n.endsWith(suffix) && n.indexOf('/', dir.length()) < 0) {
                names.add(n.substring(dir.length(), n.length() - suffix.length()));
            }
        }
        return names;
    }

    /**
     * Spark's TPC-DS schema: table name to its columns with Spark's types (CHAR(n) and VARCHAR(n)
     * as {@code CharType} and {@code VarcharType}), tables sorted by name.
     */
    Map<String, StructType> tableSchemas() {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {path.toUri().toURL()},
                SparkTestsJar.class.getClassLoader())) {
            Object tables = loader.loadClass(SCHEMA_HELPER).getMethod("getTableColumns").invoke(null);
            @SuppressWarnings("unchecked")
            Map<String, StructType> byName = scala.jdk.javaapi.CollectionConverters.asJava(
                    (scala.collection.Map<String, StructType>) tables);
            Map<String, StructType> sorted = new LinkedHashMap<>();
            byName.keySet().stream().sorted().forEach(t -> sorted.put(t, byName.get(t)));
            return sorted;
        } catch (ReflectiveOperationException | IOException | ClassCastException e) {
            throw new IllegalStateException("cannot read the TPC-DS schema from " + path + " (" + e + ")", e);
        }
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }
}
