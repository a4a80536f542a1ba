package io.albis.crail.testcluster;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.apache.crail.CrailStatistics;
import org.apache.crail.conf.CrailConfiguration;
import org.apache.crail.memory.OffHeapBuffer;
import org.apache.crail.metadata.BlockInfo;
import org.apache.crail.storage.StorageEndpoint;
import org.apache.crail.storage.tcp.TcpStorageClient;
import org.apache.crail.utils.CrailUtils;

/**
 * Zeroes a block before the namenode gives it to a directory, through the same TCP storage
 * protocol the clients use.
 *
 * <p>A directory's bytes are the records its clients write, one per entry, after the namenode
 * has handed out the record's slot. A reader that lists the directory in between, or after a
 * client died before writing its record, reads whatever the block held before: a record of a
 * deleted directory would show up as a phantom entry, and leftover file data as a record whose
 * length field is garbage. Zeroed, such a slot reads as an invalid (skipped) record.
 */
final class DirectoryBlockScrubber implements AutoCloseable {
    private final TcpStorageClient client = new TcpStorageClient();
    private final Map<Long, StorageEndpoint> endpoints = new HashMap<>();
    private final ByteBuffer zeros;

    DirectoryBlockScrubber(CrailConfiguration conf, long blockSize) throws IOException {
        client.init(new CrailStatistics(), null, conf, null);
        this.zeros = ByteBuffer.allocateDirect(Math.toIntExact(blockSize));
    }

    /**
     * Zeroes {@code block}. A kept connection that fails is replaced once (the datanode may have
     * restarted since); an IOException means the datanode cannot be written now.
     */
    void clear(BlockInfo block) throws IOException {
        try {
            write(block);
        } catch (Exception first) {
            drop(block);
            try {
                write(block);
            } catch (Exception e) {
                drop(block);
                throw new IOException("cannot clear a directory block on datanode "
                        + CrailUtils.datanodeInfo2SocketAddr(block.getDnInfo()) + ": " + e, e);
            }
        }
    }

    private void write(BlockInfo block) throws Exception {
        long key = block.getDnInfo().key();
        StorageEndpoint endpoint = endpoints.get(key);
        if (endpoint == null) {
            endpoint = client.createEndpoint(block.getDnInfo());
            endpoints.put(key, endpoint);
        }
        ByteBuffer source = zeros.duplicate();
        source.clear().limit(block.getLength());
        endpoint.write(OffHeapBuffer.wrap(source), block, 0).get();
    }

    /** Drops a connection that failed; after a failure NaRPC must not use it again. */
    private void drop(BlockInfo block) {
        StorageEndpoint endpoint = endpoints.remove(block.getDnInfo().key());
        if (endpoint != null) {
            closeQuietly(endpoint);
        }
    }

    @Override
    public void close() {
        for (StorageEndpoint e : endpoints.values()) {
            closeQuietly(e);
        }
        endpoints.clear();
    }

    private static void closeQuietly(StorageEndpoint endpoint) {
        try {
            endpoint.close();
        } catch (IOException ignored) {
            // the datanode is gone or going; nothing is lost by not closing cleanly
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
