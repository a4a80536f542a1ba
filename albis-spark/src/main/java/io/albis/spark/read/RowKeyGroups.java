package io.albis.spark.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.catalyst.expressions.codegen.UnsafeRowWriter;

/**
 * The groups of several data keys, or of a string key: each row's keys written into one reused
 * {@link UnsafeRow} (long-valued keys as longs, strings as their bytes, a null as the null bit), whose
 * bytes are looked up in a hash map; a new group keeps a copy. Two rows are in one group exactly
 * when their keys are equal or both null, as SQL groups them.
 */
final class RowKeyGroups extends GroupIds {
    private final ScanAggregation.Key[] keys;
    private final boolean[] strings;
    private final int maxGroups;
    private final UnsafeRowWriter writer;
    private final Map<UnsafeRow, Integer> groups = new HashMap<>();
    private final List<UnsafeRow> byGroup = new ArrayList<>();

    RowKeyGroups(ScanAggregation.Key[] keys, int maxGroups) {
        this.keys = keys;
        this.maxGroups = maxGroups;
        this.strings = new boolean[keys.length];
        for (int k = 0; k < keys.length; k++) {
            strings[k] = !ScanAggregation.longValued(keys[k].type());
        }
        this.writer = new UnsafeRowWriter(keys.length, 16 * keys.length);
    }

    @Override
    int assign(BatchValues values, int from, int to, int[] ids) {
        for (int r = from; r < to; r++) {
            writer.reset();
            writer.zeroOutNullBytes();
            for (int k = 0; k < keys.length; k++) {
                int c = keys[k].column();
                if (values.nulls[c][r]) {
                    writer.setNullAt(k);
                } else if (strings[k]) {
                    writer.write(k, values.vectors[c].getUTF8String(r));
                } else {
                    writer.write(k, values.longs[c][r]);
                }
            }
            UnsafeRow key = writer.getRow();
            Integer g = groups.get(key);
            if (g == null) {
                if (byGroup.size() == maxGroups) {
                    return r;
                }
                UnsafeRow copy = key.copy();
                g = byGroup.size();
                groups.put(copy, g);
                byGroup.add(copy);
            }
            ids[r] = g;
        }
        return to;
    }

    @Override
    int count() {
        return byGroup.size();
    }

    @Override
    Object key(int group, int k) {
        UnsafeRow row = byGroup.get(group);
        if (row.isNullAt(k)) {
            return null;
        }
        return strings[k] ? row.getUTF8String(k) : BatchValues.sparkValue(row.getLong(k), keys[k].type());
    }

    @Override
    void clear() {
        groups.clear();
        byGroup.clear();
    }
}
