package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.storage.LocalStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcProto;
import org.apache.orc.TypeDescription;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged Parquet and ORC files (truncated at several offsets, bytes overwritten in pages,
 * streams, page headers and footers) are refused in one line that says "corrupt", names the file
 * and, where the damage is in one column, the row group or stripe and the column; never with a
 * Java exception's name as if it were the problem, and never with a cause elsewhere than the damage.
 */
class CorruptFilesTest {
    /** A Java exception or error class name, as toString() or a careless message would show it. */
    private static final Pattern THROWABLE_NAME = Pattern.compile("\\b\\w*(Exception|Error)\\b");

    @TempDir
    Path dir;

    /** One damaged copy of a file and what its refusal must name besides "corrupt" and the file. */
    private record Damage(String name, byte[] bytes, List<String> mustMention) {
    }

    private static byte[] truncated(byte[] bytes, long length) {
        return Arrays.copyOf(bytes, (int) length);
    }

    private static byte[] overwritten(byte[] bytes, long offset, int count) {
        byte[] b = bytes.clone();
        Arrays.fill(b, (int) offset, (int) Math.min(b.length, offset + count), (byte) 0xff);
        return b;
    }

    private static List<Damage> truncations(byte[] bytes, int... fromEnd) {
        List<Damage> out = new ArrayList<>();
        for (int quarter = 1; quarter <= 3; quarter++) {
            out.add(new Damage("cut-" + quarter + "q", truncated(bytes, bytes.length * quarter / 4L), List.of()));
        }
        for (int n : fromEnd) {
            out.add(new Damage("cut-end-" + n, truncated(bytes, bytes.length - n), List.of()));
        }
        return out;
    }

    private interface Conversion {
        void run(String in, String out) throws Exception;
    }

    /** Writes each damaged copy, converts it and checks the refusal's shape; the messages by name. */
    private Map<String, String> assertRefusedAsCorrupt(String extension, List<Damage> damages, Conversion convert)
            throws Exception {
        Map<String, String> messages = new LinkedHashMap<>();
        for (Damage d : damages) {
            Path file = dir.resolve(d.name() + extension);
            Files.write(file, d.bytes());
            Path out = dir.resolve(d.name() + "-table");
            ConvertInputException e = assertThrows(ConvertInputException.class, () -> convert.run(file.toString(),
                    out.toString()), d.name());
            String m = e.getMessage();
            assertFalse(m.contains("\n"), d.name() + ": one line: " + m);
            assertTrue(m.startsWith(file + ": corrupt"), d.name() + ": names the file and says corrupt: " + m);
            assertFalse(THROWABLE_NAME.matcher(m).find(), d.name() + ": no exception names: " + m);
            for (String part : d.mustMention()) {
                assertTrue(m.contains(part), d.name() + ": '" + part + "' missing from: " + m);
            }
            assertFalse(Files.exists(out), d.name() + ": no table is left behind");
            messages.put(d.name(), m);
        }
        return messages;
    }

    // ------------------------------------------------------------------ Parquet

    private static final MessageType PARQUET = MessageTypeParser.parseMessageType("""
            message m {
              required int32 id;
              optional int64 l;
              optional double d;
              optional binary s (STRING);
              optional group g { optional int32 x; }
            }
            """);

    private Path parquet(String name, CompressionCodecName codec, boolean checksums) throws Exception {
        Path file = dir.resolve(name);
        ParquetFixtures.write(ParquetFixtures.writer(file, PARQUET).withCompressionCodec(codec)
                .withPageWriteChecksumEnabled(checksums).withRowGroupSize(32 * 1024L).withPageSize(1024),
                ParquetFixtures.randomRows(PARQUET, 4000, 12));
        assertTrue(ParquetFixtures.readFooterRowGroups(file) >= 2, "several row groups");
        return file;
    }

    @Test
    void damagedParquetFilesAreRefusedAsCorrupt() throws Exception {
        Path plain = parquet("plain.parquet", CompressionCodecName.UNCOMPRESSED, true);
        byte[] p = Files.readAllBytes(plain);
        List<Damage> damages = new ArrayList<>(truncations(p, 1, 5, 9));
        int footerLength = (p[p.length - 8] & 0xff) | (p[p.length - 7] & 0xff) << 8 | (p[p.length - 6] & 0xff) << 16
                | (p[p.length - 5] & 0xff) << 24;
        damages.add(new Damage("footer-bytes", overwritten(p, p.length - 8 - footerLength / 2, 8), List.of("footer")));
        damages.add(new Damage("footer-length", overwritten(p, p.length - 8, 3), List.of("footer")));
        damages.add(new Damage("page-header", overwritten(p, ParquetPageLocator.dataPage(plain, 1, "l", 1).header(), 4),
                List.of("row group 1", "column 'l'")));
        damages.add(new Damage("page-values", overwritten(p, ParquetPageLocator.dataPage(plain, 0, "d", 2).middle(), 1),
                List.of("row group 0", "column 'd'", "data page 2")));

        // Compressed and without checksums, so the damage reaches the decompressor: the leading
        // length of a Snappy page, of a data page and of a dictionary page.
        Path snappy = parquet("snappy.parquet", CompressionCodecName.SNAPPY, false);
        byte[] s = Files.readAllBytes(snappy);
        damages.add(new Damage("snappy-data-page", overwritten(s, ParquetPageLocator.dataPage(snappy, 1, "s", 0).start(), 3),
                List.of("row group 1", "column 's'")));
        damages.add(new Damage("snappy-dictionary", overwritten(s, ParquetPageLocator.dictionaryPage(snappy, 0, "s").start(), 3),
                List.of("row group 0", "column 's'")));

        assertRefusedAsCorrupt(".parquet", damages, (in, out) -> ParquetToAlbis.convert(in, LocalStorage.INSTANCE, out,
                ConvertOptions.defaults()));
    }

    // ------------------------------------------------------------------ ORC

    private static final TypeDescription ORC = TypeDescription.fromString("struct<id:int,s:string,ts:timestamp,d:double>");
    /** Column ids of {@link #ORC}: 0 is the root struct. */
    private static final int S = 2;
    private static final int TS = 3;

    private Path orc(String name, CompressionKind codec) throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", i);
            m.put("s", i % 5 == 0 ? null : "v" + i % 41);
            m.put("ts", java.time.Instant.ofEpochSecond(1_600_000_000L + i * 37L, (i % 1000) * 1000L));
            m.put("d", i * 0.5);
            rows.add(m);
        }
        Path file = dir.resolve(name);
        OrcFixtures.write(file, ORC, rows, 1000, true, codec, 64 * 1024);
        assertTrue(OrcStreamLocator.stripes(file) >= 3, "several stripes: " + OrcStreamLocator.stripes(file));
        return file;
    }

    @Test
    void damagedOrcFilesAreRefusedAsCorrupt() throws Exception {
        Path zlib = orc("zlib.orc", CompressionKind.ZLIB);
        byte[] z = Files.readAllBytes(zlib);
        List<Damage> damages = new ArrayList<>(truncations(z, 1, 10));
        damages.add(new Damage("postscript-length", overwritten(z, z.length - 1, 1), List.of()));
        damages.add(new Damage("file-footer", overwritten(z, OrcStreamLocator.fileFooter(zlib).middle(), 8), List.of()));
        damages.add(new Damage("stripe-footer", overwritten(z, OrcStreamLocator.stripeFooterBytes(zlib, 1).offset() + 2, 4),
                List.of("stripe 1")));
        // The header of a stream's first compressed chunk: its length no longer fits the stream.
        damages.add(new Damage("string-stream", overwritten(z, OrcStreamLocator.stream(zlib, 1, S,
                OrcProto.Stream.Kind.DATA).offset(), 3), List.of("stripe 1", "column 's'")));
        damages.add(new Damage("timestamp-stream", overwritten(z, OrcStreamLocator.stream(zlib, 2, TS,
                OrcProto.Stream.Kind.SECONDARY).offset(), 3), List.of("stripe 2", "column 'ts'")));
        assertRefusedAsCorrupt(".orc", damages, (in, out) -> OrcToAlbis.convert(in, LocalStorage.INSTANCE, out,
                ConvertOptions.defaults()));
    }

    @Test
    void aDictionaryStreamFiledUnderAnotherColumnIsNamedForItsOwnColumn() throws Exception {
        // Uncompressed, so the stripe footer is plain protobuf that can be rewritten in place.
        Path none = orc("none.orc", CompressionKind.NONE);
        byte[] bytes = Files.readAllBytes(none);
        OrcProto.StripeFooter footer = OrcStreamLocator.stripeFooter(none, 0);
        OrcProto.StripeFooter.Builder moved = footer.toBuilder();
        for (int i = 0; i < footer.getStreamsCount(); i++) {
            OrcProto.Stream st = footer.getStreams(i);
            if (st.getColumn() == S && st.getKind() == OrcProto.Stream.Kind.DICTIONARY_DATA) {
                moved.setStreams(i, st.toBuilder().setColumn(1));
            }
        }
        byte[] rewritten = moved.build().toByteArray();
        OrcStreamLocator.Span at = OrcStreamLocator.stripeFooterBytes(none, 0);
        assertEquals(at.length(), rewritten.length, "the rewritten footer has the same length");
        System.arraycopy(rewritten, 0, bytes, (int) at.offset(), rewritten.length);

        String m = assertRefusedAsCorrupt(".orc", List.of(new Damage("moved-dictionary", bytes,
                List.of("stripe 0", "column 's'", "DICTIONARY_DATA"))), (in, out) -> OrcToAlbis.convert(in,
                LocalStorage.INSTANCE, out, ConvertOptions.defaults())).get("moved-dictionary");
        assertFalse(m.contains("timestamp") || m.contains("'ts'") || m.contains("'id'"), "no other column is blamed: " + m);
    }
}
