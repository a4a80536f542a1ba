/**
 * Converters between Albis tables and Parquet, ORC or CSV files.
 *
 * <ul>
 *   <li>{@link io.albis.convert.ParquetToAlbis}: a Parquet file or a directory of Parquet files
 *       with one schema into a new Albis table. parquet-java decodes; a converter tree
 *       ({@link io.albis.convert.AlbisRecordMaterializer}) hands each value straight to the Albis
 *       writer's typed setters, with no record objects and no boxing.</li>
 *   <li>{@link io.albis.convert.AlbisToParquet}: an Albis table into one Parquet file, through a
 *       {@code WriteSupport} that reads the Albis reader's getters.</li>
 *   <li>{@link io.albis.convert.OrcToAlbis}: an ORC file or a directory of ORC files with one
 *       schema into a new Albis table, batch by batch from orc-core's {@code VectorizedRowBatch}
 *       into the Albis writer's typed setters.</li>
 *   <li>{@link io.albis.convert.AlbisToOrc}: an Albis table into one ORC file with orc-core's
 *       writer (default stripe size and row index stride).</li>
 *   <li>{@link io.albis.convert.CsvToAlbis}: an RFC 4180 CSV file with a header line into a new
 *       Albis table, types inferred or declared.</li>
 * </ul>
 *
 * <h2>Type mapping</h2>
 * <pre>
 * Parquet (physical, logical)                   Albis            written back to Parquet as
 * BOOLEAN                                       boolean          BOOLEAN
 * INT32                                         int              INT32
 * INT32 INT(8,signed)                           byte             INT32 INT(8,true)
 * INT32 INT(16,signed)                          short            INT32 INT(16,true)
 * INT32 INT(32,signed)                          int              INT32
 * INT32 INT(8,unsigned)                         short            INT32 INT(16,true)
 * INT32 INT(16,unsigned)                        int              INT32
 * INT32 INT(32,unsigned)                        long             INT64
 * INT32 DATE                                    date             INT32 DATE
 * INT32 DECIMAL(p,s)                            decimal(p,s)     see decimal below
 * INT32 TIME(MILLIS)                            int (ms of day)  INT32
 * INT64, INT64 INT(64,signed)                   long             INT64
 * INT64 INT(64,unsigned)                        decimal(20,0)    FIXED_LEN_BYTE_ARRAY(9) DECIMAL(20,0)
 * INT64 TIMESTAMP(MILLIS|MICROS|NANOS, any)     timestamp (µs)   INT64 TIMESTAMP(MICROS,true)
 * INT64 DECIMAL(p,s)                            decimal(p,s)     see decimal below
 * INT64 TIME(MICROS|NANOS)                      long (of day)    INT64
 * INT96 (Impala/Hive/Spark timestamp)           timestamp (µs)   INT64 TIMESTAMP(MICROS,true)
 * FLOAT / DOUBLE                                float / double   FLOAT / DOUBLE
 * BINARY STRING, ENUM, JSON                     string           BINARY STRING
 * BINARY or FIXED_LEN_BYTE_ARRAY DECIMAL(p,s)   decimal(p,s)     see decimal below
 * BINARY, FIXED_LEN_BYTE_ARRAY (other)          binary           BINARY
 * required / optional                           not null / null  required / optional
 * group / optional group                        struct / nullable struct   group / optional group
 * decimal(p,s) in Albis is written as INT32 for p &lt;= 9, INT64 for p &lt;= 18, else
 * FIXED_LEN_BYTE_ARRAY of the fewest bytes for p digits (9 for 19..21, 16 for 36..38).
 * </pre>
 *
 * <p>Refused with a {@link io.albis.error.SchemaMismatchException} naming the column, before
 * anything is written: repeated fields, LIST, MAP and other annotated groups (such as VARIANT),
 * decimals of more than 38 digits, and any other type Albis cannot hold. Refused per value with a
 * {@link io.albis.convert.ConvertInputException} naming file, row and column: nanosecond and
 * INT96 timestamps that are not whole microseconds (truncating would lose data), millisecond
 * timestamps outside the microsecond range of a long, and integers outside their annotated width.
 *
 * <p>Timestamps that Parquet marks as not adjusted to UTC keep their numbers and are read as
 * UTC, as Albis timestamps have no time zone. INT96 values are decoded as a Julian day number
 * and nanoseconds of the day, without Spark's legacy calendar rebasing.
 *
 * <h2>ORC type mapping</h2>
 * <pre>
 * ORC                                          Albis            written back to ORC as
 * boolean, tinyint, smallint, int, bigint      boolean, byte, short, int, long   the same
 * float, double                                float, double    float, double
 * date                                         date             date
 * timestamp, timestamp with local time zone    timestamp (µs)   timestamp
 * decimal(p,s)                                 decimal(p,s)     decimal(p,s)
 * string, varchar(n), char(n)                  string           string
 * binary                                       binary           binary
 * struct                                       nullable struct  struct
 * every field                                  nullable         (ORC has no required fields)
 * </pre>
 *
 * <p>ORC files are read and written through Hadoop's raw local file system with timestamps as UTC
 * instants and dates in the proleptic Gregorian calendar ({@link io.albis.convert.OrcFiles}); files
 * written in the hybrid Julian calendar are converted on read. Refused with a
 * {@link io.albis.error.SchemaMismatchException} naming the file and column, before anything is
 * written: list (array), map and uniontype columns, a root type that is not a struct, and other
 * types without an Albis equivalent (such as geometry). Refused per value with a
 * {@link io.albis.convert.ConvertInputException} naming file, row and column: timestamps with a
 * fraction finer than a microsecond.
 *
 * <p>A failed conversion into Albis removes the table it was creating (or, if the target
 * directory existed, whatever it added); a failed conversion into Parquet or ORC leaves no file.
 */
package io.albis.convert;
