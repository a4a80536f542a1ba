package io.albis.crail.testcluster;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.crail.CrailNodeType;
import org.apache.crail.metadata.BlockInfo;
import org.apache.crail.metadata.FileInfo;

/**
 * A file or directory of the in-memory namespace. The {@link FileInfo} part is exactly what the
 * Crail client is sent; the rest (parent, children, blocks) only the namenode knows.
 *
 * <p>Children are keyed by the hash of their name, because that is all a Crail client sends: a
 * path travels as the {@code String.hashCode()} of each component. The names themselves live in
 * the directory records the clients write into the directory's own blocks.
 */
final class Inode extends FileInfo {
    private Inode parent;
    private int nameHash;
    private final Map<Integer, Inode> children;
    private final List<BlockInfo> blocks = new ArrayList<>();
    /** Where the next directory record goes; records are never reused (see InMemoryNameNode). */
    private long nextRecord;

    Inode(long fd, CrailNodeType type, boolean enumerable) {
        super(fd, type, enumerable);
        this.children = type.isContainer() ? new HashMap<>() : null;
        setModificationTime(System.currentTimeMillis());
    }

    boolean isContainer() {
        return children != null;
    }

    Inode parent() {
        return parent;
    }

    Inode child(int hash) {
        return children == null ? null : children.get(hash);
    }

    Collection<Inode> children() {
        return children == null ? List.of() : children.values();
    }

    void attach(int hash, Inode child) {
        children.put(hash, child);
        child.parent = this;
        child.nameHash = hash;
        setModificationTime(System.currentTimeMillis());
    }

    void detach(Inode child) {
        children.remove(child.nameHash);
        child.parent = null;
        setModificationTime(System.currentTimeMillis());
    }

    List<BlockInfo> blocks() {
        return blocks;
    }

    void addBlock(BlockInfo block) {
        blocks.add(block);
    }

    /** The block holding byte {@code offset}, or null past the allocated blocks. */
    BlockInfo blockAt(long offset, long blockSize) {
        long index = offset / blockSize;
        return index < blocks.size() ? blocks.get((int) index) : null;
    }

    long nextRecord() {
        return nextRecord;
    }

    /** Hands out the record slot at {@link #nextRecord()} and extends the directory over it. */
    long takeRecord(int recordSize) {
        long offset = nextRecord;
        nextRecord += recordSize;
        setCapacity(offset + recordSize);
        return offset;
    }

    /** Puts this node's record at {@code offset} of its parent directory. */
    void placeRecord(long offset) {
        setDirOffset(offset);
    }

    /** The capacity (bytes written) its writer reports. */
    void setWrittenCapacity(long bytes) {
        capacity.set(bytes);
        setModificationTime(System.currentTimeMillis());
    }
}
