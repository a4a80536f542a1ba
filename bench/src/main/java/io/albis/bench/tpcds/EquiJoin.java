package io.albis.bench.tpcds;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.crc32;

import io.albis.storage.LocalStorage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF2;
import org.apache.spark.sql.types.DataTypes;

/**
 * The tables and jobs of the EquiJoin. Both tables hold every key 0..n−1 once, in two different
 * orders (key = row × a prime mod n), so the join must shuffle and sort both; a payload is a
 * function of its key and side (1,024 to 2,048 random bytes), so every format holds the same rows.
 */
final class EquiJoin {
    /** Multipliers that spread the keys of side a and b over 0..n−1. */
    private static final long[] PRIMES = {7_919, 104_729};
    private static final String PAYLOAD_UDF = "albis_equijoin_payload";

    /** The jobs, each doing what the one before did and one stage more. */
    enum Job {
        READ("read"), MAP("map"), SORT_JOIN("sort+join"), WRITE("write");

        final String stage;

        Job(String stage) {
            this.stage = stage;
        }
    }

    /** What a format's written join holds: its rows and the sum of its checksums. */
    record Result(long rows, long checksumSum) {}

    private final SparkSession spark;
    private final Path dir;
    private final long rows;
    private final PrintStream progress;

    EquiJoin(SparkSession spark, Path dir, long rows, PrintStream progress) {
        if (rows < 1 || rows > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("rows must be between 1 and " + Integer.MAX_VALUE + ", got " + rows);
        }
        for (long p : PRIMES) {
            if (rows % p == 0) {
                throw new IllegalArgumentException("rows must not be a multiple of " + p + ", got " + rows);
            }
        }
        this.spark = spark;
        this.dir = dir;
        this.rows = rows;
        this.progress = progress;
        spark.udf().register(PAYLOAD_UDF, (UDF2<Integer, Integer, byte[]>) EquiJoin::payload, DataTypes.BinaryType);
    }

    /** 1,024 to 2,048 bytes, random but fixed by the key and the side. */
    static byte[] payload(int key, int side) {
        SplittableRandom random = new SplittableRandom(key * 2L + side);
        byte[] b = new byte[1024 + random.nextInt(1025)];
        for (int i = 0; i < b.length; i += 8) {
            long v = random.nextLong();
            for (int j = 0; j < 8 && i + j < b.length; j++) {
                b[i + j] = (byte) (v >>> (8 * j));
            }
        }
        return b;
    }

    private Path table(TpcdsFormat f, String side) {
        return dir.resolve(f.label).resolve(side);
    }

    /** Writes both tables in {@code f} unless they are there already. */
    void write(TpcdsFormat f) throws IOException {
        for (int side = 0; side < 2; side++) {
            String name = side == 0 ? "a" : "b";
            Path out = table(f, name);
            long prime = PRIMES[side];
            String payload = PAYLOAD_UDF + "(key, " + side + ") AS payload";
            TableOnce.write(out, f.label,
                    String.format("equijoin: writing table %s (%,d rows) as %s", name, rows, f), progress,
                    () -> spark.range(0, rows, 1, spark.sparkContext().defaultParallelism() * 2)
                            .selectExpr("CAST((id * " + prime + ") % " + rows + " AS INT) AS key")
                            .selectExpr("key", payload)
                            .write().format(f.source).options(f.writeOptions).mode(SaveMode.ErrorIfExists)
                            .save(out.toString()));
        }
    }

    /** Runs {@code job} on {@code f}'s tables; its wall time in seconds. */
    double run(TpcdsFormat f, Job job) throws IOException {
        Dataset<Row> a = spark.read().format(f.source).load(table(f, "a").toString());
        Dataset<Row> b = spark.read().format(f.source).load(table(f, "b").toString());
        long start = System.nanoTime();
        switch (job) {
            case READ -> {
                noop(a);
                noop(b);
            }
            case MAP -> {
                noop(a.repartition(col("key")));
                noop(b.repartition(col("key")));
            }
            case SORT_JOIN -> noop(joined(a, b));
            case WRITE -> {
                Path out = output(f);
                LocalStorage.INSTANCE.delete(out.toString());
                joined(a, b).write().format(f.source).options(f.writeOptions).mode(SaveMode.ErrorIfExists)
                        .save(out.toString());
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }

    /** What {@code f}'s last {@link Job#WRITE} wrote, read back. */
    Result result(TpcdsFormat f) {
        Row r = spark.read().format(f.source).load(output(f).toString())
                .selectExpr("COUNT(*)", "CAST(SUM(checksum) AS BIGINT)").first();
        return new Result(r.getLong(0), r.isNullAt(1) ? 0 : r.getLong(1));
    }

    private Path output(TpcdsFormat f) {
        return dir.resolve(f.label).resolve("joined");
    }

    private static Dataset<Row> joined(Dataset<Row> a, Dataset<Row> b) {
        // A sort-merge join, as in the paper, whatever size Spark estimates for the tables.
        Dataset<Row> merged = a.as("a").join(b.as("b").hint("merge"), "key")
                .select(col("key"), concat(col("a.payload"), col("b.payload")).as("merged"));
        return merged.select(col("key"), col("merged"), crc32(col("merged")).as("checksum"));
    }

    private static void noop(Dataset<Row> rows) {
        rows.write().format("noop").mode(SaveMode.Overwrite).save();
    }
}
