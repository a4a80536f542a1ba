package io.albis.convert;

import io.albis.convert.fuzz.OrcInputFuzzTest;
import io.albis.convert.fuzz.ParquetInputFuzzTest;
import io.albis.convert.orc.OrcFixtures;
import io.albis.convert.parquet.ParquetFixtures;
import io.albis.fuzz.SeedCorpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.orc.CompressionKind;
import org.apache.orc.TypeDescription;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Writes the committed seed corpora of albis-convert's fuzz targets: a few small valid Parquet and
 * ORC files written with the converter tests' fixtures ({@link ParquetFixtures}, {@link OrcFixtures}):
 * every supported type, a nested schema, and more than one codec. Deterministic, so running it
 * again changes nothing:
 * <pre>
 *   cd albis-convert && java -cp target/test-classes:target/classes:$(cat target/fuzz-classpath.txt) \
 *       io.albis.convert.ConvertFuzzSeeds src/test/resources
 * </pre>
 * (the class path file is what {@code scripts/fuzz} builds).
 */
public final class ConvertFuzzSeeds {
    private static final MessageType SMALL = MessageTypeParser.parseMessageType("""
            message m {
              required int32 id;
              optional int64 l;
              optional binary s (STRING);
              optional group g { optional int32 x; }
            }
            """);
    private static final TypeDescription NESTED =
            TypeDescription.fromString("struct<id:int,l:array<int>,m:map<string,bigint>,st:struct<a:int,b:string>>");

    private ConvertFuzzSeeds() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: ConvertFuzzSeeds <test resources directory>");
        }
        Path resources = Path.of(args[0]);
        Path work = Files.createTempDirectory("albis-fuzz-seeds");
        try {
            parquetSeeds(SeedCorpus.replace(resources, ParquetInputFuzzTest.class), work);
            orcSeeds(SeedCorpus.replace(resources, OrcInputFuzzTest.class), work);
        } finally {
            try (var files = Files.list(work)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(work);
        }
    }

    private static void parquetSeeds(SeedCorpus seeds, Path work) throws IOException {
        Path full = work.resolve("full.parquet");
        ParquetFixtures.write(full, ParquetFixtures.fullSchema(), ParquetFixtures.randomRows(ParquetFixtures.fullSchema(), 3, 1));
        seeds.add("every-type", Files.readAllBytes(full));
        Path small = work.resolve("small.parquet");
        ParquetFixtures.write(ParquetFixtures.writer(small, SMALL).withCompressionCodec(CompressionCodecName.SNAPPY)
                .withPageWriteChecksumEnabled(true).withPageSize(256), ParquetFixtures.randomRows(SMALL, 60, 2));
        seeds.add("snappy-page-checksums", Files.readAllBytes(small));
        MessageType nestedSchema = ParquetFixtures.randomSchema(new Random(4));
        Path nested = work.resolve("nested.parquet");
        ParquetFixtures.write(nested, nestedSchema, ParquetFixtures.randomRows(nestedSchema, 4, 3));
        seeds.add("nested", Files.readAllBytes(nested));
    }

    private static void orcSeeds(SeedCorpus seeds, Path work) throws IOException {
        Path every = work.resolve("every.orc");
        OrcFixtures.write(every, OrcFixtures.EVERY_TYPE, OrcFixtures.randomRows(3, 1), 1024, true);
        seeds.add("every-type-zlib", Files.readAllBytes(every));
        Path plain = work.resolve("plain.orc");
        OrcFixtures.write(plain, OrcFixtures.EVERY_TYPE, OrcFixtures.randomRows(3, 2), 1024, true,
                CompressionKind.NONE, 0);
        seeds.add("every-type-uncompressed", Files.readAllBytes(plain));
        Path nested = work.resolve("nested.orc");
        OrcFixtures.write(nested, NESTED, nestedRows(), 16, true, CompressionKind.NONE, 0);
        seeds.add("nested", Files.readAllBytes(nested));
    }

    /** Three rows of {@link #NESTED}: values, empty collections and nulls at every level. */
    private static List<Map<String, Object>> nestedRows() {
        return List.of(
                row(0, Arrays.asList(1, null, 3), map("a", 1L, "b", null), struct(7, "x")),
                row(1, List.of(), map(), struct(null, null)),
                row(2, null, null, null));
    }

    private static Map<String, Object> row(int id, List<Integer> l, Map<Object, Object> m, Map<String, Object> st) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("l", l);
        row.put("m", m);
        row.put("st", st);
        return row;
    }

    private static Map<Object, Object> map(Object... keysAndValues) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static Map<String, Object> struct(Integer a, String b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", a);
        m.put("b", b);
        return m;
    }
}
