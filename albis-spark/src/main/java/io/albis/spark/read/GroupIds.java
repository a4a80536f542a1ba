package io.albis.spark.read;

/**
 * The groups of a pushed aggregate that one task holds: it gives each row of a batch the number
 * of its group (0, 1, … in the order groups first appear) by the values of the group keys that
 * are data columns (partition columns are the same for every row of a task). It holds at most
 * {@code maxGroups} groups: {@link #assign} stops at the first row that would start one more, and
 * the task then hands Spark the groups it has and starts again ({@link RowGroupAggregates}).
 */
abstract class GroupIds {
    /**
     * Gives rows {@code from} to {@code to - 1} of the loaded batch their group in {@code ids};
     * returns the row it stopped at: {@code to}, or the first row whose group would be one too many.
     */
    abstract int assign(BatchValues values, int from, int to, int[] ids);

    /** Groups held. */
    abstract int count();

    /** The value of the {@code k}-th data key of group {@code group} as Spark holds it (null for a null key). */
    abstract Object key(int group, int k);

    /** Forgets every group. */
    abstract void clear();

    /**
     * The groups of the data keys {@code keys} (data columns of the aggregation, by their index in
     * the batch): one group when there is none, a hash table of longs for one long-valued key, of
     * rows otherwise.
     *
     * @param global whether the aggregate has no group key at all: its one group exists without rows
     */
    static GroupIds of(ScanAggregation.Key[] keys, boolean global, int maxGroups) {
        if (keys.length == 0) {
            return new OneGroup(global);
        }
        if (keys.length == 1 && ScanAggregation.longValued(keys[0].type())) {
            return new LongKeyGroups(keys[0].column(), keys[0].type(), maxGroups);
        }
        return new RowKeyGroups(keys, maxGroups);
    }

    /**
     * Every row in group 0 (no data key). The group exists once a row is in it, or always for an
     * aggregate without group keys, which has one row even over no rows ({@code count(*)} is 0).
     */
    private static final class OneGroup extends GroupIds {
        private final boolean global;
        private boolean any;

        OneGroup(boolean global) {
            this.global = global;
        }

        @Override
        int assign(BatchValues values, int from, int to, int[] ids) {
            java.util.Arrays.fill(ids, from, to, 0);
            any |= to > from;
            return to;
        }

        @Override
        int count() {
            return global || any ? 1 : 0;
        }

        @Override
        Object key(int group, int k) {
            throw new IllegalStateException("no data key");
        }

        @Override
        void clear() {
            any = false;
        }
    }
}
