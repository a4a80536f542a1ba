package io.albis.crail.testcluster;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Comparator;
import java.util.TreeSet;
import java.util.concurrent.locks.LockSupport;
import org.apache.crail.metadata.BlockInfo;
import org.apache.crail.metadata.DataNodeInfo;

/**
 * The namenode's free blocks: datanodes register memory regions, which are cut into blocks of
 * {@code crail.blocksize}. Not thread-safe; the namenode serialises access.
 *
 * <p>Freed blocks wait {@code reuseDelayNanos} before they are handed out again. Crail clients
 * keep block locations in caches and write directory records after the namenode answered, so a
 * block reused at once could receive a late write meant for the file that was just deleted.
 *
 * <p>The lowest free address is handed out first, so a datanode that allocates its memory on first
 * use only ever touches as much of it as the namespace needs.
 */
final class BlockPool {
    private static final Comparator<BlockInfo> BY_ADDRESS =
            Comparator.<BlockInfo>comparingLong(b -> b.getDnInfo().key()).thenComparingLong(BlockInfo::getLba);

    private record Released(long reusableAtNanos, BlockInfo block) {}

    private final long blockSize;
    private final long reuseDelayNanos;
    /** Sorted, so a region registered twice adds its blocks once. */
    private final TreeSet<BlockInfo> free = new TreeSet<>(BY_ADDRESS);
    private final ArrayDeque<Released> released = new ArrayDeque<>();

    BlockPool(long blockSize, long reuseDelayNanos) {
        this.blockSize = blockSize;
        this.reuseDelayNanos = reuseDelayNanos;
    }

    /** Adds a datanode's region (as sent with setBlock) as free blocks; returns how many. */
    int addRegion(BlockInfo region) {
        DataNodeInfo from = region.getDnInfo();
        // The request object is reused by the RPC layer for the next call: copy what we keep.
        DataNodeInfo dataNode = new DataNodeInfo(from.getStorageType(), from.getStorageClass(),
                from.getLocationClass(), from.getIpAddress(), from.getPort());
        int count = (int) (region.getLength() / blockSize);
        for (int i = 0; i < count; i++) {
            long offset = i * blockSize;
            free.add(new BlockInfo(dataNode, region.getLba() + offset, region.getAddr() + offset,
                    (int) blockSize, region.getLkey()));
        }
        return count;
    }

    /**
     * A free block, or null if there is none. When every free block is still waiting out its reuse
     * delay, waits for the first one (at most the delay) instead of refusing: the capacity is there,
     * and a client that deletes and writes quickly must not see "no free blocks".
     */
    BlockInfo allocate() {
        long now = System.nanoTime();
        while (!released.isEmpty() && now - released.peekFirst().reusableAtNanos() >= 0) {
            free.add(released.pollFirst().block());
        }
        if (free.isEmpty() && !released.isEmpty()) {
            Released first = released.pollFirst();
            for (long wait = first.reusableAtNanos() - System.nanoTime(); wait > 0;
                    wait = first.reusableAtNanos() - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            return first.block();
        }
        return free.pollFirst();
    }

    /** Takes back the blocks of removed files, to be reused after the delay. */
    void release(Collection<BlockInfo> blocks) {
        long reusableAt = System.nanoTime() + reuseDelayNanos;
        for (BlockInfo b : blocks) {
            released.addLast(new Released(reusableAt, b));
        }
    }

    /** Puts back a block that was allocated but not given to any file. */
    void putBack(BlockInfo block) {
        free.add(block);
    }

    /** Free blocks (including those waiting to be reused) of one datanode. */
    int freeBlocks(long dataNodeKey) {
        int n = 0;
        for (BlockInfo b : free) {
            if (b.getDnInfo().key() == dataNodeKey) {
                n++;
            }
        }
        for (Released r : released) {
            if (r.block().getDnInfo().key() == dataNodeKey) {
                n++;
            }
        }
        return n;
    }

    int freeBlocks() {
        return free.size() + released.size();
    }
}
