package io.albis.spark.read;

import java.util.Arrays;
import org.apache.spark.sql.types.DataType;

/**
 * The groups of one long-valued data key (a boolean, integer, date, timestamp or decimal of up to
 * 18 digits): an open-addressing hash table from the key's long to its group, doubled when half
 * full; null keys form one group of their own, as SQL groups them.
 */
final class LongKeyGroups extends GroupIds {
    private static final int FIRST_SLOTS = 1024;

    private final int column;
    private final DataType type;
    private final int maxGroups;
    /** Per slot: the key, and its group + 1 (0 for an empty slot). */
    private long[] slotKeys = new long[FIRST_SLOTS];
    private int[] slotGroups = new int[FIRST_SLOTS];
    /** Per group: its key (unused for the null group). */
    private long[] keys = new long[64];
    private int nullGroup = -1;
    private int count;

    LongKeyGroups(int column, DataType type, int maxGroups) {
        this.column = column;
        this.type = type;
        this.maxGroups = maxGroups;
    }

    @Override
    int assign(BatchValues values, int from, int to, int[] ids) {
        long[] v = values.longs[column];
        boolean[] isNull = values.nulls[column];
        for (int r = from; r < to; r++) {
            int g;
            if (isNull[r]) {
                if (nullGroup < 0) {
                    if (count == maxGroups) {
                        return r;
                    }
                    nullGroup = newGroup(0);
                }
                g = nullGroup;
            } else {
                long key = v[r];
                int mask = slotGroups.length - 1;
                int s = slot(key, mask);
                while (slotGroups[s] != 0 && slotKeys[s] != key) {
                    s = (s + 1) & mask;
                }
                if (slotGroups[s] != 0) {
                    g = slotGroups[s] - 1;
                } else {
                    if (count == maxGroups) {
                        return r;
                    }
                    g = newGroup(key);
                    slotKeys[s] = key;
                    slotGroups[s] = g + 1;
                    if (2 * count > slotGroups.length) {
                        grow();
                    }
                }
            }
            ids[r] = g;
        }
        return to;
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private int newGroup(long key) {
        if (count == keys.length) {
            keys = Arrays.copyOf(keys, count * 2);
        }
        keys[count] = key;
        return count++;
    }

    private void grow() {
        long[] oldKeys = slotKeys;
        int[] oldGroups = slotGroups;
        slotKeys = new long[oldKeys.length * 2];
        slotGroups = new int[oldGroups.length * 2];
        int mask = slotGroups.length - 1;
        for (int i = 0; i < oldGroups.length; i++) {
            if (oldGroups[i] != 0) {
                int s = slot(oldKeys[i], mask);
                while (slotGroups[s] != 0) {
                    s = (s + 1) & mask;
                }
                slotKeys[s] = oldKeys[i];
                slotGroups[s] = oldGroups[i];
            }
        }
    }

    @Override
    int count() {
        return count;
    }

    @Override
    Object key(int group, int k) {
        return group == nullGroup ? null : BatchValues.sparkValue(keys[group], type);
    }

    @Override
    void clear() {
        Arrays.fill(slotGroups, 0);
        nullGroup = -1;
        count = 0;
    }
}
