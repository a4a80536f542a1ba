package io.albis.convert.orc;

import static io.albis.convert.DamagedFiles.overwritten;
import static io.albis.convert.DamagedFiles.truncations;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.ConvertOptions;
import io.albis.convert.DamagedFiles;
import io.albis.convert.DamagedFiles.Damage;
import io.albis.storage.LocalStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcProto;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged ORC files (truncated at several offsets, bytes overwritten in streams, stripe footers,
 * the file footer and the postscript) are refused as corrupt, naming the stripe and column where
 * the damage is in one ({@link DamagedFiles#assertRefusedAsCorrupt}), and never blaming another column.
 */
class CorruptOrcFilesTest {
    @TempDir
    Path dir;

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
        DamagedFiles.assertRefusedAsCorrupt(dir, ".orc", damages, (in, out) -> OrcToAlbis.convert(in, LocalStorage.INSTANCE, out,
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

        String m = DamagedFiles.assertRefusedAsCorrupt(dir, ".orc", List.of(new Damage("moved-dictionary", bytes,
                List.of("stripe 0", "column 's'", "DICTIONARY_DATA"))), (in, out) -> OrcToAlbis.convert(in,
                LocalStorage.INSTANCE, out, ConvertOptions.defaults())).get("moved-dictionary");
        assertFalse(m.contains("timestamp") || m.contains("'ts'") || m.contains("'id'"), "no other column is blamed: " + m);
    }
}
