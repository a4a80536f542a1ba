package io.albis.crail.testcluster;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.crail.CrailNodeType;
import org.apache.crail.metadata.BlockInfo;
import org.apache.crail.metadata.FileName;
import org.apache.crail.rpc.RpcErrors;
import org.apache.crail.rpc.RpcNameNodeService;
import org.apache.crail.rpc.RpcNameNodeState;
import org.apache.crail.rpc.RpcRequestMessage;
import org.apache.crail.rpc.RpcResponseMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Crail namenode that keeps its namespace in memory: a tree of {@link Inode}s, a table from
 * file descriptor to node, and a {@link BlockPool} fed by the datanodes' setBlock calls. Every
 * call is one synchronized step, so each operation (rename included) is atomic.
 *
 * <p>What the Crail client expects, and this namenode therefore does:
 * <ul>
 *   <li>Every new node gets its first block at once: the client caches the block sent with
 *       createFile and getFile as the node's block 0 without looking at it.
 *   <li>A directory is a file of fixed-size records written by the clients. createFile and
 *       renameFile hand out the byte offset of the new entry's record (its dirOffset) and the
 *       parent's block holding it; the client writes the name there (valid) and, on delete and
 *       rename, an invalid record at the old offset. The namenode keeps the directory's capacity
 *       at the end of its last record, so a listing reads every record. Slots are never reused:
 *       the client writes records after the namenode answered, so a reused slot could get a late
 *       "invalid" over a new entry.
 *   <li>Only the writer that created a data file holds its token; it may allocate blocks
 *       (getBlock past the end) and report the file's capacity (setFile).
 * </ul>
 */
final class InMemoryNameNode implements RpcNameNodeService, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(InMemoryNameNode.class);
    private static final short OK = RpcErrors.ERR_OK;

    private final long blockSize;
    private final int recordSize;
    private final BlockPool pool;
    private final DirectoryBlockScrubber scrubber;
    private final Map<Long, Inode> byFd = new HashMap<>();
    private final Inode root;
    private long nextFd = 1;
    private long nextToken = 1;

    InMemoryNameNode(long blockSize, int recordSize, long reuseDelayNanos, DirectoryBlockScrubber scrubber) {
        if (blockSize % recordSize != 0) {
            throw new IllegalArgumentException("crail.blocksize " + blockSize + " is not a multiple of the directory record size "
                    + recordSize);
        }
        this.blockSize = blockSize;
        this.recordSize = recordSize;
        this.pool = new BlockPool(blockSize, reuseDelayNanos);
        this.scrubber = scrubber;
        this.root = new Inode(nextFd++, CrailNodeType.DIRECTORY, false);
        byFd.put(root.getFd(), root);
    }

    // ------------------------------------------------------------------ namespace

    @Override
    public synchronized short createFile(RpcRequestMessage.CreateFileReq request, RpcResponseMessage.CreateFileRes response,
            RpcNameNodeState state) {
        FileName name = request.getFileName();
        int depth = name.getLength();
        if (depth == 0) {
            return RpcErrors.ERR_FILE_EXISTS;
        }
        Inode parent = resolve(name, depth - 1);
        if (parent == null) {
            return RpcErrors.ERR_PARENT_MISSING;
        }
        int hash = name.getComponent(depth - 1);
        short room = roomFor(parent, hash);
        if (room != OK) {
            return room;
        }
        CrailNodeType type = request.getFileType();
        Inode node = new Inode(nextFd, type, request.isEnumerable());
        BlockInfo first;
        BlockInfo recordBlock = null;
        try {
            first = allocate(node.isContainer());
        } catch (NoBlock e) {
            return e.error;
        }
        node.addBlock(first);
        if (request.isEnumerable()) {
            try {
                recordBlock = takeRecord(parent, node);
            } catch (NoBlock e) {
                pool.putBack(first);
                return e.error;
            }
        }
        if (!node.isContainer()) {
            node.setToken(nextToken++);
        }
        nextFd++;
        parent.attach(hash, node);
        byFd.put(node.getFd(), node);

        response.setFileInfo(node);
        response.setParentInfo(parent);
        response.setFileBlock(first);
        response.setDirBlock(recordBlock);
        response.shipToken(true);
        return OK;
    }

    @Override
    public synchronized short getFile(RpcRequestMessage.GetFileReq request, RpcResponseMessage.GetFileRes response,
            RpcNameNodeState state) {
        Inode node = resolve(request.getFileName(), request.getFileName().getLength());
        if (node == null) {
            return RpcErrors.ERR_GET_FILE_FAILED;
        }
        if (node.blocks().isEmpty()) {
            // Only the root: it exists before any datanode has given the namenode a block.
            try {
                node.addBlock(allocate(true));
            } catch (NoBlock e) {
                return e.error;
            }
        }
        if (request.isWriteable()) {
            if (node.isContainer()) {
                return RpcErrors.ERR_GET_FILE_FAILED;
            }
            if (node.getToken() != 0) {
                return RpcErrors.ERR_TOKEN_TAKEN;
            }
            node.setToken(nextToken++);
            response.setFileInfo(node);
            response.shipToken();
        } else {
            response.setFileInfo(node);
        }
        response.setFileBlock(node.blocks().get(0));
        return OK;
    }

    @Override
    public synchronized short setFile(RpcRequestMessage.SetFileReq request, RpcResponseMessage.VoidRes response,
            RpcNameNodeState state) {
        Inode node = byFd.get(request.getFileInfo().getFd());
        if (node == null) {
            return RpcErrors.ERR_FILE_NOT_FOUND;
        }
        long token = request.getFileInfo().getToken();
        if (node.isContainer() || token == 0 || token != node.getToken()) {
            return RpcErrors.ERR_TOKEN_MISMATCH;
        }
        long capacity = request.getFileInfo().getCapacity();
        if (capacity < 0 || capacity > node.blocks().size() * blockSize) {
            return RpcErrors.ERR_CAPACITY_EXCEEDED;
        }
        node.setWrittenCapacity(capacity);
        if (request.isClose()) {
            node.resetToken();
        }
        return OK;
    }

    @Override
    public synchronized short removeFile(RpcRequestMessage.RemoveFileReq request, RpcResponseMessage.DeleteFileRes response,
            RpcNameNodeState state) {
        FileName name = request.getFileName();
        if (name.getLength() == 0) {
            return RpcErrors.ERR_UNKNOWN; // the root is never removed
        }
        Inode node = resolve(name, name.getLength());
        if (node == null) {
            return RpcErrors.ERR_FILE_NOT_FOUND;
        }
        if (!request.isRecursive() && !node.children().isEmpty()) {
            return RpcErrors.ERR_HAS_CHILDREN;
        }
        Inode parent = node.parent();
        parent.detach(node);
        List<BlockInfo> freed = new ArrayList<>();
        Deque<Inode> todo = new ArrayDeque<>();
        todo.push(node);
        while (!todo.isEmpty()) {
            Inode n = todo.pop();
            byFd.remove(n.getFd());
            freed.addAll(n.blocks());
            n.children().forEach(todo::push);
        }
        pool.release(freed);

        response.setFileInfo(node);
        response.setParentInfo(parent);
        return OK;
    }

    @Override
    public synchronized short renameFile(RpcRequestMessage.RenameFileReq request, RpcResponseMessage.RenameRes response,
            RpcNameNodeState state) {
        FileName src = request.getSrcFileName();
        FileName dst = request.getDstFileName();
        Inode node = src.getLength() == 0 ? null : resolve(src, src.getLength());
        if (node == null) {
            return RpcErrors.ERR_SRC_FILE_NOT_FOUND;
        }
        if (dst.getLength() == 0) {
            return RpcErrors.ERR_FILE_EXISTS;
        }
        Inode target = resolve(dst, dst.getLength() - 1);
        if (target == null || isWithin(target, node)) {
            // A missing parent, or one inside the moved directory (the move would cut off a cycle).
            return RpcErrors.ERR_DST_PARENT_NOT_FOUND;
        }
        int hash = dst.getComponent(dst.getLength() - 1);
        short room = roomFor(target, hash);
        if (room != OK) {
            return room;
        }
        Inode source = node.parent();
        // The client overwrites the old record with an invalid one: it needs the old offset.
        response.setSrcParent(source);
        response.setSrcFile(node);
        if (node.isEnumerable()) {
            response.setSrcBlock(source.blockAt(node.getDirOffset(), blockSize));
        }
        BlockInfo recordBlock = null;
        if (node.isEnumerable()) {
            try {
                recordBlock = takeRecord(target, node);
            } catch (NoBlock e) {
                return e.error;
            }
        }
        source.detach(node);
        target.attach(hash, node);

        response.setDstParent(target);
        response.setDstFile(node);
        response.setDstBlock(recordBlock);
        return OK;
    }

    // ------------------------------------------------------------------ blocks

    @Override
    public synchronized short getBlock(RpcRequestMessage.GetBlockReq request, RpcResponseMessage.GetBlockRes response,
            RpcNameNodeState state) {
        Inode node = byFd.get(request.getFd());
        if (node == null) {
            return RpcErrors.ERR_FILE_NOT_FOUND;
        }
        if (request.getPosition() < 0) {
            return RpcErrors.ERR_POSITION_NEGATIV;
        }
        long index = request.getPosition() / blockSize;
        if (index >= node.blocks().size()) {
            boolean writer = !node.isContainer() && request.getToken() != 0 && request.getToken() == node.getToken();
            if (!writer) {
                return request.getToken() == 0 ? RpcErrors.ERR_OFFSET_TOO_LARGE : RpcErrors.ERR_TOKEN_MISMATCH;
            }
            try {
                while (node.blocks().size() <= index) {
                    node.addBlock(allocate(false));
                }
            } catch (NoBlock e) {
                return e.error;
            }
        }
        response.setBlockInfo(node.blocks().get((int) index));
        return OK;
    }

    @Override
    public synchronized short getLocation(RpcRequestMessage.GetLocationReq request, RpcResponseMessage.GetLocationRes response,
            RpcNameNodeState state) {
        FileName name = request.getFileName();
        Inode node = resolve(name, name.getLength());
        if (node == null) {
            return RpcErrors.ERR_FILE_NOT_FOUND;
        }
        BlockInfo block = request.getPosition() < 0 ? null : node.blockAt(request.getPosition(), blockSize);
        if (block == null) {
            return RpcErrors.ERR_OFFSET_TOO_LARGE;
        }
        response.setBlockInfo(block);
        response.setFd(node.getFd());
        return OK;
    }

    @Override
    public synchronized short setBlock(RpcRequestMessage.SetBlockReq request, RpcResponseMessage.VoidRes response,
            RpcNameNodeState state) throws Exception {
        BlockInfo region = request.getBlockInfo();
        int added = pool.addRegion(region);
        LOG.debug("datanode region added: {} blocks, {} free in all", added, pool.freeBlocks());
        return OK;
    }

    @Override
    public synchronized short getDataNode(RpcRequestMessage.GetDataNodeReq request, RpcResponseMessage.GetDataNodeRes response,
            RpcNameNodeState state) {
        response.setServiceId(0);
        response.setFreeBlockCount(pool.freeBlocks(request.getInfo().key()));
        return OK;
    }

    @Override
    public synchronized short dump(RpcRequestMessage.DumpNameNodeReq request, RpcResponseMessage.VoidRes response,
            RpcNameNodeState state) {
        LOG.info("namenode: {} nodes, {} free blocks of {} bytes", byFd.size(), pool.freeBlocks(), blockSize);
        return OK;
    }

    @Override
    public short ping(RpcRequestMessage.PingNameNodeReq request, RpcResponseMessage.PingNameNodeRes response,
            RpcNameNodeState state) {
        response.setData(request.getOp() + 1);
        return OK;
    }

    // ------------------------------------------------------------------ for the local cluster

    /** Free blocks, including freed ones still waiting out the reuse delay. */
    synchronized int freeBlocks() {
        return pool.freeBlocks();
    }

    @Override
    public synchronized void close() {
        scrubber.close();
    }

    // ------------------------------------------------------------------ internals

    /** The node named by the first {@code depth} components of {@code name}, or null. */
    private Inode resolve(FileName name, int depth) {
        Inode node = root;
        for (int i = 0; i < depth; i++) {
            node = node.child(name.getComponent(i));
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    /** OK if {@code parent} is a directory with no entry of name hash {@code hash}; otherwise the error to answer. */
    private static short roomFor(Inode parent, int hash) {
        if (!parent.isContainer()) {
            return RpcErrors.ERR_PARENT_NOT_DIR;
        }
        return parent.child(hash) == null ? OK : RpcErrors.ERR_FILE_EXISTS;
    }

    private static boolean isWithin(Inode node, Inode ancestor) {
        for (Inode n = node; n != null; n = n.parent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }

    /**
     * Gives {@code node} the next record slot of {@code directory}, growing the directory by a
     * (cleared) block when the slot starts a new one. Returns the block holding the slot; when no
     * block could be had, nothing has changed.
     */
    private BlockInfo takeRecord(Inode directory, Inode node) throws NoBlock {
        long offset = directory.nextRecord();
        if (directory.blockAt(offset, blockSize) == null) {
            directory.addBlock(allocate(true));
        }
        directory.takeRecord(recordSize);
        node.placeRecord(offset);
        return directory.blockAt(offset, blockSize);
    }

    /** A free block, cleared first if it is for a directory. */
    private BlockInfo allocate(boolean forDirectory) throws NoBlock {
        BlockInfo block = pool.allocate();
        if (block == null) {
            throw new NoBlock(RpcErrors.ERR_NO_FREE_BLOCKS);
        }
        if (forDirectory) {
            try {
                scrubber.clear(block);
            } catch (IOException e) {
                LOG.warn("namenode: {}", e.getMessage());
                pool.putBack(block);
                throw new NoBlock(RpcErrors.ERR_ADD_BLOCK_FAILED);
            }
        }
        return block;
    }

    /** No block could be had; {@code error} says why, as the RPC error to answer. */
    private static final class NoBlock extends Exception {
        private static final long serialVersionUID = 1L;
        final short error;

        NoBlock(short error) {
            super(null, null, false, false);
            this.error = error;
        }
    }
}
