package io.albis.crail.testcluster;

import java.nio.ByteBuffer;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A datanode's storage: regions of direct memory, each registered with the namenode under its
 * own key. A region is allocated when it is first touched, so an idle datanode costs no memory.
 *
 * <p>Addresses are offsets into a region; the keys start at a random base per datanode, so a
 * request carrying a block of another (earlier) datanode is recognised and refused rather than
 * served from the wrong memory.
 */
final class DataNodeMemory {
    private final int regionBytes;
    private final int keyBase;
    private final ByteBuffer[] regions;

    DataNodeMemory(long capacityBytes, int regionBytes) {
        if (capacityBytes < regionBytes) {
            throw new IllegalArgumentException("a datanode needs at least one region of " + regionBytes + " bytes, got "
                    + capacityBytes);
        }
        this.regionBytes = regionBytes;
        this.regions = new ByteBuffer[Math.toIntExact(capacityBytes / regionBytes)];
        this.keyBase = 1 + ThreadLocalRandom.current().nextInt(1 << 30);
    }

    int regionCount() {
        return regions.length;
    }

    int regionBytes() {
        return regionBytes;
    }

    int key(int region) {
        return keyBase + region;
    }

    /**
     * The bytes {@code [address, address + length)} of the region with {@code key}, as a buffer
     * positioned at 0 with that many bytes remaining.
     */
    ByteBuffer range(int key, long address, int length) {
        int region = key - keyBase;
        if (region < 0 || region >= regions.length) {
            throw new IllegalArgumentException("unknown region key " + key + " (a block of another datanode?)");
        }
        if (address < 0 || length < 0 || address + length > regionBytes) {
            throw new IllegalArgumentException("range " + address + "+" + length + " outside region " + region + " of "
                    + regionBytes + " bytes");
        }
        return region(region).slice((int) address, length);
    }

    private synchronized ByteBuffer region(int index) {
        if (regions[index] == null) {
            regions[index] = ByteBuffer.allocateDirect(regionBytes);
        }
        return regions[index];
    }
}
