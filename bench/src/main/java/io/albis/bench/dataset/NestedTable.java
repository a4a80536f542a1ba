package io.albis.bench.dataset;

import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The lists-and-maps experiment's table: {@code ints array<int>} of 0..8 random ints and
 * {@code counts map<string, long>} of 0..6 entries, keys drawn (without repeats within a map) from
 * a fixed vocabulary of {@value #KEYS} words of 3..16 letters, values random longs. About 2% nulls
 * at each level: a whole list or map, a list element, a map value.
 */
public record NestedTable(long rows) implements Dataset {
    public static final String INTS = "ints";
    public static final String COUNTS = "counts";
    public static final DataType INTS_TYPE = DataType.list(DataType.INT, true);
    public static final DataType COUNTS_TYPE = DataType.map(DataType.STRING, DataType.LONG, true);
    /** About 100 MB of logical data at scale 1 (4 ints and 3 entries of about 17 bytes a row on average). */
    public static final long BASE_ROWS = 1_500_000;
    static final int KEYS = 200;
    private static final int MAX_INTS = 8;
    private static final int MAX_ENTRIES = 6;
    /** One in this many lists, maps, elements and map values is null. */
    private static final int NULL_ONE_IN = 50;

    public static NestedTable atScale(double scale) {
        return new NestedTable(SyntheticTable.rows(BASE_ROWS, scale));
    }

    @Override
    public String name() {
        return "nested";
    }

    @Override
    public String key() {
        return "nested-rows" + rows + "-parts" + PARTS;
    }

    @Override
    public void writeSource(String path) throws IOException {
        Schema schema = Schema.builder().column(INTS, INTS_TYPE, true).column(COUNTS, COUNTS_TYPE, true).build();
        String[] vocabulary = vocabulary();
        List<Integer> ints = new ArrayList<>();
        Map<String, Long> counts = new LinkedHashMap<>();
        SyntheticTable.write(path, schema, rows, 4000, (w, row, random) -> {
            if (random.nextInt(NULL_ONE_IN) != 0) {
                ints.clear();
                for (int i = random.nextInt(MAX_INTS + 1); i > 0; i--) {
                    ints.add(random.nextInt(NULL_ONE_IN) == 0 ? null : random.nextInt());
                }
                w.setList(0, ints);
            }
            if (random.nextInt(NULL_ONE_IN) != 0) {
                counts.clear();
                int n = random.nextInt(MAX_ENTRIES + 1);
                while (counts.size() < n) {
                    String key = vocabulary[random.nextInt(KEYS)];
                    if (!counts.containsKey(key)) {
                        counts.put(key, random.nextInt(NULL_ONE_IN) == 0 ? null : random.nextLong());
                    }
                }
                w.setMap(1, counts);
            }
        });
    }

    /** The map keys: {@value #KEYS} distinct words of 3..16 lowercase letters, the same in every run. */
    static String[] vocabulary() {
        SplittableRandom random = new SplittableRandom(4001);
        Set<String> words = new LinkedHashSet<>();
        while (words.size() < KEYS) {
            StringBuilder sb = new StringBuilder();
            for (int i = 3 + random.nextInt(14); i > 0; i--) {
                sb.append((char) ('a' + random.nextInt(26)));
            }
            words.add(sb.toString());
        }
        return words.toArray(new String[0]);
    }
}
