package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Damaged copies of a Parquet or ORC file (truncated at several offsets, bytes overwritten) and the
 * check that each is refused in one line that says "corrupt", names the file and, where the damage
 * is in one column, the row group or stripe and the column; never with a Java exception's name as
 * if it were the problem, and never leaving a table behind.
 */
public final class DamagedFiles {
    /** A Java exception or error class name, as toString() or a careless message would show it. */
    private static final Pattern THROWABLE_NAME = Pattern.compile("\\b\\w*(Exception|Error)\\b");

    private DamagedFiles() {}

    /** One damaged copy of a file and what its refusal must name besides "corrupt" and the file. */
    public record Damage(String name, byte[] bytes, List<String> mustMention) {
    }

    private static byte[] truncated(byte[] bytes, long length) {
        return Arrays.copyOf(bytes, (int) length);
    }

    /** {@code bytes} with {@code count} bytes from {@code offset} set to 0xff. */
    public static byte[] overwritten(byte[] bytes, long offset, int count) {
        byte[] b = bytes.clone();
        Arrays.fill(b, (int) offset, (int) Math.min(b.length, offset + count), (byte) 0xff);
        return b;
    }

    /** Copies cut at each quarter and {@code fromEnd} bytes before the end. */
    public static List<Damage> truncations(byte[] bytes, int... fromEnd) {
        List<Damage> out = new ArrayList<>();
        for (int quarter = 1; quarter <= 3; quarter++) {
            out.add(new Damage("cut-" + quarter + "q", truncated(bytes, bytes.length * quarter / 4L), List.of()));
        }
        for (int n : fromEnd) {
            out.add(new Damage("cut-end-" + n, truncated(bytes, bytes.length - n), List.of()));
        }
        return out;
    }

    /** A file {@code name} in {@code dir} that holds {@code text}: a file of no binary format. */
    public static Path textFile(Path dir, String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    /** An empty file {@code name} in {@code dir}. */
    public static Path emptyFile(Path dir, String name) throws IOException {
        return Files.write(dir.resolve(name), new byte[0]);
    }

    /** A copy of {@code file}, named {@code name} beside it, cut at half its length. */
    public static Path halfOf(Path file, String name) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        return Files.write(file.resolveSibling(name), truncated(bytes, bytes.length / 2));
    }

    /** A conversion of the file at {@code in} into a table at {@code out}. */
    public interface Conversion {
        void run(String in, String out) throws Exception;
    }

    /** Writes each damaged copy into {@code dir}, converts it and checks the refusal's shape; the messages by name. */
    public static Map<String, String> assertRefusedAsCorrupt(Path dir, String extension, List<Damage> damages,
            Conversion convert) throws Exception {
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
}
