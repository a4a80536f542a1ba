package io.albis.bench.dataset;

import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The point-lookup experiment's table: {@code key}, distinct longs without nulls, the even numbers
 * {@code 0, 2, ..., 2 (rows - 1)}, either ascending over the whole table or in a random order
 * (a random permutation, so every segment and row group of that copy spans nearly the whole key
 * range and its min/max skip nothing); then {@code quantity} (int 1..100), {@code price} (double)
 * and {@code note} (a string of 4 to 16 letters), each with about 1% nulls. An odd number inside
 * the key range is a key no row has, yet min/max cannot rule it out.
 */
public record LookupTable(boolean sorted, long rows) implements Dataset {
    public static final String KEY_COLUMN = "key";
    /** 10 M rows at scale 1, as in the seed's point lookups (about 0.33 GB of logical data). */
    public static final long BASE_ROWS = 10_000_000;
    /** Keys are the even numbers below {@code 2 * rows}. */
    private static final long KEY_STEP = 2;

    public LookupTable {
        if (rows > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the lookup table shuffles its keys in memory: at most "
                    + Integer.MAX_VALUE + " rows, got " + rows);
        }
    }

    public static LookupTable atScale(boolean sorted, double scale) {
        return new LookupTable(sorted, SyntheticTable.rows(BASE_ROWS, scale));
    }

    @Override
    public String name() {
        return sorted ? "sorted" : "unsorted";
    }

    @Override
    public String key() {
        return "lookup-" + name() + "-rows" + rows + "-parts" + PARTS;
    }

    /**
     * {@code count} keys the table holds, spread over the key range (so over both row groups of
     * the sorted copy), none of them the smallest or largest.
     */
    public List<Long> memberKeys(int count) {
        List<Long> keys = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            keys.add(KEY_STEP * (rows * i / (count + 1)));
        }
        return keys;
    }

    /** {@code count} keys the table does not hold, each next to a member key, inside the key range. */
    public List<Long> nonMemberKeys(int count) {
        return memberKeys(count).stream().map(k -> k + 1).toList();
    }

    @Override
    public void writeSource(String path) throws IOException {
        Schema schema = Schema.builder().column(KEY_COLUMN, DataType.LONG, false).column("quantity", DataType.INT, true)
                .column("price", DataType.DOUBLE, true).column("note", DataType.STRING, true).build();
        int[] order = sorted ? null : permutation((int) rows, new SplittableRandom(4001));
        byte[] note = new byte[16];
        SyntheticTable.write(path, schema, rows, sorted ? 4003 : 4002, (w, row, random) -> {
            w.setLong(0, KEY_STEP * (sorted ? row : order[(int) row]));
            if (random.nextInt(100) != 0) {
                w.setInt(1, 1 + random.nextInt(100));
            }
            if (random.nextInt(100) != 0) {
                w.setDouble(2, random.nextInt(1_000_000) / 100.0);
            }
            if (random.nextInt(100) != 0) {
                int length = 4 + random.nextInt(13);
                for (int i = 0; i < length; i++) {
                    note[i] = (byte) ('a' + random.nextInt(26));
                }
                w.setUtf8(3, note, 0, length);
            }
        });
    }

    /** 0..n-1 in a random order (Fisher-Yates). */
    private static int[] permutation(int n, SplittableRandom random) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
