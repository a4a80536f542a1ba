package io.albis;

import static io.albis.testing.TableFiles.copyTree;
import static io.albis.testing.TableFiles.reseal;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.AlbisFormatException;
import io.albis.error.CorruptFileException;
import io.albis.layout.FormatVersion;
import io.albis.read.AlbisReader;
import io.albis.schema.ColumnGroup;
import io.albis.segment.BloomFilter;
import io.albis.segment.ColumnBloomFilters;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.table.TableVerifier;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bloom filter section of a metadata file (docs/FORMAT.md §2 and §8), on the golden tables
 * (see {@link GoldenFileTest}): files of 5.0 have none; in a file of 5.1 it follows the segments,
 * and the same bytes in a file that says 5.0 are damage; a reader of 5.1 reads it from a file of a
 * newer minor version and skips what follows; every damaged or truncated field of it is refused
 * with a {@link CorruptFileException} naming the file and the offset.
 */
class BloomFilterMetadataTest {
    private static final int MINOR = 6;

    @TempDir
    Path dir;

    private static Path golden(String version) {
        return Path.of(System.getProperty("basedir", ".")).resolve("src/test/resources/golden/v" + version);
    }

    /** The metadata files of a golden table, by row group and then group position. */
    private static List<Path> metadataFiles(Path table) throws IOException {
        AlbisTable t = AlbisTable.open(table.toString());
        List<Path> out = new ArrayList<>();
        for (RowGroupRef rg : t.rowGroups()) {
            for (ColumnGroup g : t.schema().groups()) {
                out.add(Path.of(t.metadataPath(rg, g)));
            }
        }
        return out;
    }

    private static ColumnGroupMetadata decode(Path file) throws IOException {
        return ColumnGroupMetadata.decode(Files.readAllBytes(file), file.toString());
    }

    /** Bytes of the bloom filter section of a decoded file: its count, then each column's slot, rate and filters. */
    private static int sectionLength(ColumnGroupMetadata m) {
        return 4 + m.bloomFilters().stream().mapToInt(b -> 12 + (int) b.bytes()).sum();
    }

    /** Where the bloom filter section of a 5.1 file starts: after the segments, before the footer. */
    private static int sectionStart(byte[] file, ColumnGroupMetadata m) {
        return file.length - 8 - sectionLength(m);
    }

    @Test
    void format50FilesHaveNoneAndFormat51FilesFollowTheirSegmentsWithThem() throws IOException {
        for (Path f : metadataFiles(golden("5.0"))) {
            assertEquals(List.of(), decode(f).bloomFilters(), f.toString());
        }
        for (String version : List.of("5.1", "6.0")) {
            List<Integer> counts = new ArrayList<>();
            for (Path f : metadataFiles(golden(version))) {
                byte[] b = Files.readAllBytes(f);
                ColumnGroupMetadata m = decode(f);
                counts.add(m.bloomFilters().size());
                int at = sectionStart(b, m);
                assertEquals(m.bloomFilters().size(), ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(at),
                        f.toString());
                if (m.version().equals(io.albis.layout.FormatVersion.CURRENT)) {
                    assertArrayEquals(b, m.encode(), "written again, the same bytes");
                }
            }
            assertEquals(List.of(4, 3, 0, 4, 3, 0), counts, "id, f, d, wide; name, blob, point.x; none in group rest");
        }
    }

    /**
     * The group "fixed" of the first row group, decoded by hand: header, group id, segment size,
     * rows and data length (32 bytes), 11 columns of 7 bytes, 2 segments of 24 bytes and per column
     * a null count, flags and (flag bit 0) min and max of 8 bytes each (16 for the wide decimal in
     * slot 8); then the section: 4 columns, the first id (slot 0) at rate 0.01, whose first
     * segment's filter is one block holding ids 0 and 1: the XXH64 of their 8 little-endian bytes.
     */
    @Test
    void theSectionDecodedByHand() throws IOException {
        ByteBuffer b = le(Files.readAllBytes(fixedGroup()));
        assertEquals(11, b.getInt(32), "columns");
        int at = 36 + 11 * 7;
        assertEquals(2, b.getInt(at), "segments");
        at += 4;
        for (int segment = 0; segment < 2; segment++) {
            at += 24;
            for (int slot = 0; slot < 11; slot++) {
                int flags = b.get(at + 4);
                at += 5 + ((flags & 1) == 0 ? 0 : slot == 8 ? 32 : 16);
            }
        }
        assertEquals(4, b.getInt(at), "columns with bloom filters");
        assertEquals(0, b.getInt(at + 4), "slot of id");
        assertEquals(0.01, b.getDouble(at + 8), "false-positive rate");
        assertEquals(1, b.getInt(at + 16), "blocks of the first segment's filter");
        BloomFilter ids = BloomFilter.ofBlocks(1);
        ids.insert(0x34C96ACDCADB1BBBL); // XXH64 of 00 00 00 00 00 00 00 00: id 0
        ids.insert(0x9F29CB17A2A49995L); // XXH64 of 01 00 00 00 00 00 00 00: id 1
        for (int w = 0; w < 8; w++) {
            assertEquals(ids.word(w), b.getInt(at + 20 + 4 * w), "word " + w);
            int bits = Integer.bitCount(ids.word(w));
            assertTrue(bits == 1 || bits == 2, "word " + w + ": a bit of each id (one, if both chose it)");
        }
    }

    @Test
    void theSectionInAFileThatSays50IsDamage() throws IOException {
        for (Path f : metadataFiles(golden("5.1"))) {
            byte[] b = Files.readAllBytes(f);
            ColumnGroupMetadata m = decode(f);
            byte[] as50 = b.clone();
            as50[MINOR] = 0;
            CorruptFileException e = assertThrows(CorruptFileException.class,
                    () -> ColumnGroupMetadata.decode(reseal(as50), f.toString()));
            assertEquals(sectionStart(b, m), e.offset(), e.getMessage());
            assertTrue(e.getMessage().contains(sectionLength(m) + " unexpected bytes after the segments (format 5.0 has"
                    + " no more fields)"), e.getMessage());
        }
    }

    @Test
    void aNewerMinorVersionKeepsTheFiltersAndSkipsWhatFollows() throws IOException {
        List<Path> v51 = metadataFiles(golden("5.1"));
        List<Path> v52 = metadataFiles(golden("5.2"));
        for (int i = 0; i < v51.size(); i++) {
            ColumnGroupMetadata m = decode(v52.get(i));
            assertEquals(new FormatVersion(5, 2), m.version());
            assertEquals(decode(v51.get(i)).bloomFilters(), m.bloomFilters(), v52.get(i).toString());
        }
    }

    // ------------------------------------------------------------------ damage

    /** The metadata of the first row group's group "fixed" of golden 5.1: id (slot 0), f (5), d (6), wide (8). */
    private static Path fixedGroup() throws IOException {
        return metadataFiles(golden("5.1")).get(0);
    }

    private static ByteBuffer le(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Expects the resealed {@code damaged} bytes refused at {@code offset} with a message containing {@code says}. */
    private static void refused(byte[] damaged, int offset, String says) {
        String file = "rg-x.cg-00000000.meta";
        CorruptFileException e = assertThrows(CorruptFileException.class,
                () -> ColumnGroupMetadata.decode(reseal(damaged), file), says);
        assertEquals(file, e.file());
        assertEquals(offset, e.offset(), e.getMessage());
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }

    @Test
    void everyFieldOfTheSectionIsChecked() throws IOException {
        byte[] b = Files.readAllBytes(fixedGroup());
        ColumnGroupMetadata m = ColumnGroupMetadata.decode(b, "x");
        assertEquals(List.of(0, 5, 6, 8), m.bloomFilters().stream().map(ColumnBloomFilters::slot).toList());
        int count = sectionStart(b, m);
        int slot0 = count + 4;
        int fpp0 = slot0 + 4;
        int blocks0 = fpp0 + 8; // the first segment's filter of id
        int slot1 = slot0 + 12 + (int) m.bloomFilters().get(0).bytes();
        assertEquals(5, le(b).getInt(slot1));
        assertEquals(0.01, Double.longBitsToDouble(le(b).getLong(fpp0)));
        assertEquals(1, le(b).getInt(blocks0), "two values: one block");

        refusedWith(b, count, 12, "bloom filter column count is 12, outside 0..");
        refusedWith(b, slot1, 0, "bloom filters of slot 0 follow those of slot 0; slots must ascend");
        refusedWith(b, slot0, 11, "bloom filter slot is 11, outside 0..10");
        refusedWith(b, slot0, -1, "bloom filter slot is -1");
        for (double fpp : new double[] {0, 1, -0.01, Double.NaN}) {
            byte[] c = b.clone();
            le(c).putLong(fpp0, Double.doubleToRawLongBits(fpp));
            refused(c, fpp0, "bloom filter false-positive rate " + fpp + " of slot 0 is not between 0 and 1");
        }
        refusedWith(b, blocks0, 0, "bloom filter of slot 0 in segment 0 has no blocks");
        refusedWith(b, blocks0, 1000, "bloom filter block count is 1000, outside 0..");
        refusedWith(b, blocks0, BloomFilter.MAX_BLOCKS + 1, "bloom filter block count is " + (BloomFilter.MAX_BLOCKS + 1)
                + ", outside 0..");
    }

    /** {@link #refused} of {@code b} with the {@code i32} at {@code at} set to {@code value}. */
    private static void refusedWith(byte[] b, int at, int value, String says) {
        byte[] c = b.clone();
        le(c).putInt(at, value);
        refused(c, at, says);
    }

    @Test
    void aTruncatedSectionIsRefusedWhereItEnds() throws IOException {
        byte[] b = Files.readAllBytes(fixedGroup());
        ColumnGroupMetadata m = ColumnGroupMetadata.decode(b, "x");
        int end = b.length - 8;
        for (int cut : new int[] {1, 4, 20, 31, 33, sectionLength(m) - 4}) {
            byte[] shorter = Arrays.copyOf(b, b.length - cut);
            System.arraycopy(b, end, shorter, shorter.length - 8, 8); // the footer, resealed below
            CorruptFileException e = assertThrows(CorruptFileException.class,
                    () -> ColumnGroupMetadata.decode(reseal(shorter), "x"), "cut " + cut);
            assertTrue(e.offset() >= sectionStart(b, m) && e.offset() <= shorter.length - 8, e.getMessage());
        }
        byte[] unsealed = Arrays.copyOf(b, b.length - 40);
        CorruptFileException e = assertThrows(CorruptFileException.class, () -> ColumnGroupMetadata.decode(unsealed, "x"));
        assertTrue(e.getMessage().contains("end magic missing"), e.getMessage());
    }

    @Test
    void aListOrMapColumnHasNoFilters() throws IOException {
        Path rest = metadataFiles(golden("5.1")).get(2); // group "rest": ntz, tags (slot 1), attrs, items, deep
        byte[] b = Files.readAllBytes(rest);
        ColumnGroupMetadata m = ColumnGroupMetadata.decode(b, "x");
        assertEquals(List.of(), m.bloomFilters());
        int count = b.length - 12;
        byte[] section = ByteBuffer.allocate(4 + 12 + m.segments().size() * 36).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(1).putInt(1).putDouble(0.01).array();
        for (int s = 0; s < m.segments().size(); s++) {
            le(section).putInt(16 + s * 36, 1);
        }
        byte[] damaged = new byte[count + section.length + 8];
        System.arraycopy(b, 0, damaged, 0, count);
        System.arraycopy(section, 0, damaged, count, section.length);
        System.arraycopy("ALBE".getBytes(StandardCharsets.US_ASCII), 0, damaged, damaged.length - 4, 4);
        refused(damaged, count + 4, "slot 1 is a struct marker, list or map column");
        le(section).putInt(4, 0); // the timestamp of slot 0 may have them
        System.arraycopy(section, 0, damaged, count, section.length);
        assertEquals(1, ColumnGroupMetadata.decode(reseal(damaged), "x").bloomFilters().size());
    }

    /** The footer's CRC protects the bits; {@code albis verify} checks them against the rows as well. */
    @Test
    void verifyFindsAValueMissingFromItsFilter() throws IOException {
        Path table = dir.resolve("cleared");
        copyTree(golden("5.1"), table);
        assertEquals(List.of(), TableVerifier.verify(AlbisTable.open(table.toString())));
        Path meta = metadataFiles(table).get(0);
        byte[] b = Files.readAllBytes(meta);
        int words = sectionStart(b, ColumnGroupMetadata.decode(b, "x")) + 20; // id's first filter: one block
        Arrays.fill(b, words, words + BloomFilter.BLOCK_BYTES, (byte) 0);
        Files.write(meta, reseal(b));
        List<String> problems = TableVerifier.verify(AlbisTable.open(table.toString()));
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("segment 0 (offset 4096): row 0 value of id is missing from the segment's"
                + " bloom filter"), problems.get(0));
    }

    @Test
    void aReaderNamesTheDamagedFile() throws IOException {
        Path table = dir.resolve("t");
        copyTree(golden("5.1"), table);
        Path meta = metadataFiles(table).get(0);
        byte[] b = Files.readAllBytes(meta);
        int count = sectionStart(b, ColumnGroupMetadata.decode(b, "x"));
        le(b).putInt(count + 4 + 4 + 8, 0);
        Files.write(meta, reseal(b));
        AlbisFormatException e = assertThrows(AlbisFormatException.class, () -> {
            try (AlbisReader r = AlbisTable.open(table.toString()).newReader()) {
                while (r.advance()) {
                    r.getValue(0);
                }
            }
        });
        assertEquals(meta.toString(), e.file());
        assertEquals(count + 16, e.offset(), e.getMessage());
    }
}
