package io.albis.spark.convert;

import io.albis.convert.orc.OrcFiles;
import io.albis.convert.orc.OrcSchemas;
import io.albis.convert.parquet.ParquetSchemas;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.Field;
import io.albis.spark.types.SparkTypes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.orc.TypeDescription;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.execution.datasources.orc.OrcUtils;
import org.apache.spark.sql.execution.datasources.parquet.ParquetToSparkSchemaConverter;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * The columns of a Parquet or ORC input as {@code albis convert} maps them (albis-convert's
 * {@link ParquetSchemas} and {@link OrcSchemas}, the one mapping), checked against the types
 * Spark's own reader gives each column: a conversion through Spark writes what Spark reads, so a
 * column Spark reads as another type than albis-convert's, or cannot read, is refused in one line
 * naming it before anything is written. The schema is the first data file's (files and
 * directories whose names start with {@code _} or {@code .} are not data, as for Spark).
 */
final class SourceColumns {
    private SourceColumns() {}

    /**
     * The Albis fields of the input; a {@link SchemaMismatchException} names the first column
     * Spark would read otherwise.
     */
    static List<Field> check(String format, String input, Configuration conf, SQLConf sql) throws IOException {
        Path file = firstDataFile(new Path(input), conf);
        List<Field> albis = new ArrayList<>();
        List<DataType> spark = new ArrayList<>();
        if (format.equals("orc")) {
            TypeDescription schema = OrcFiles.openReader(file.toString(), conf).getSchema();
            albis.addAll(inFile(file, () -> OrcSchemas.toAlbis(schema)));
            for (int i = 0; i < albis.size(); i++) {
                spark.add(orcColumn(schema, i, albis.get(i).name(), file));
            }
        } else {
            MessageType schema;
            try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(file, conf))) {
                schema = r.getFooter().getFileMetaData().getSchema();
            }
            albis.addAll(inFile(file, () -> ParquetSchemas.toAlbis(schema)));
            ParquetToSparkSchemaConverter converter = new ParquetToSparkSchemaConverter(sql);
            for (int i = 0; i < albis.size(); i++) {
                MessageType one = new MessageType(schema.getName(), schema.getType(i));
                spark.add(sparkReads(file, albis.get(i).name(), "Parquet type " + schema.getType(i),
                        () -> converter.convert(one).fields()[0].dataType()));
            }
        }
        for (int i = 0; i < albis.size(); i++) {
            Field f = albis.get(i);
            DataType expected = SparkTypes.toSpark(f.type());
            // Spark reads every column of a file as nullable; the types must be the same apart from that.
            if (!DataType.equalsIgnoreNullability(spark.get(i), expected)) {
                throw new SchemaMismatchException(file + ": column '" + f.name() + "' is " + f.type()
                        + " in albis convert, but Spark's " + format + " reader reads it as " + spark.get(i).sql()
                        + " (convert it with albis convert)");
            }
        }
        return albis;
    }

    private static DataType orcColumn(TypeDescription schema, int i, String name, Path file) {
        if (schema.getCategory() != TypeDescription.Category.STRUCT) {
            throw new SchemaMismatchException(file + ": the root type " + schema + " is not a struct; Spark's orc"
                    + " reader reads no such file (convert it with albis convert, which names the column "
                    + OrcSchemas.ROOT_COLUMN + ")");
        }
        TypeDescription one = TypeDescription.createStruct().addField(name, schema.getChildren().get(i).clone());
        return sparkReads(file, name, "ORC type " + schema.getChildren().get(i),
                () -> ((StructType) OrcUtils.toCatalystSchema(one)).fields()[0].dataType());
    }

    private interface Mapping<T> {
        T get();
    }

    private static <T> T inFile(Path file, Mapping<T> mapping) {
        try {
            return mapping.get();
        } catch (SchemaMismatchException e) {
            throw new SchemaMismatchException(file + ": " + e.getMessage());
        }
    }

    /** What Spark's reader makes of one column; a column it cannot read is refused by name. */
    private static DataType sparkReads(Path file, String column, String inputType, Mapping<DataType> reader) {
        try {
            return reader.get();
        } catch (Exception e) { // Spark's AnalysisException is checked in Java's eyes, thrown from Scala
            if (!(e instanceof AnalysisException) && !(e instanceof IllegalArgumentException)) {
                throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
            }
            String why = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            throw new SchemaMismatchException(file + ": column '" + column + "' (" + inputType.trim().replaceAll("\\s+", " ")
                    + ") cannot be read by Spark: " + why + " (convert it with albis convert)");
        }
    }

    /** The input itself if it is a file, else its first data file in name order. */
    static Path firstDataFile(Path input, Configuration conf) throws IOException {
        FileSystem fs = input.getFileSystem(conf);
        if (fs.getFileStatus(input).isFile()) {
            return input;
        }
        Path first = null;
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(input, true);
        while (files.hasNext()) {
            Path p = files.next().getPath();
            if (isData(input, p) && (first == null || p.toString().compareTo(first.toString()) < 0)) {
                first = p;
            }
        }
        if (first == null) {
            throw new SchemaMismatchException(input + " holds no data files");
        }
        return first;
    }

    /** No name on the way from the input directory down to {@code p} starts with {@code _} or {@code .}. */
    private static boolean isData(Path input, Path p) {
        String root = input.toUri().getPath();
        for (Path q = p; q != null && !q.toUri().getPath().equals(root); q = q.getParent()) {
            if (q.getName().startsWith("_") || q.getName().startsWith(".")) {
                return false;
            }
        }
        return true;
    }
}
