package io.albis.crail.testcluster;

import com.ibm.narpc.NaRPCServerChannel;
import com.ibm.narpc.NaRPCService;
import java.nio.ByteBuffer;
import org.apache.crail.storage.tcp.TcpStorageProtocol;
import org.apache.crail.storage.tcp.TcpStorageRequest;
import org.apache.crail.storage.tcp.TcpStorageResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers Crail's TCP storage protocol (the messages of crail-storage-narpc) from a
 * {@link DataNodeMemory}: a write copies the request's bytes into the block, a read sends the
 * block's bytes back.
 */
final class DataNodeRequests implements NaRPCService<TcpStorageRequest, TcpStorageResponse> {
    private static final Logger LOG = LoggerFactory.getLogger(DataNodeRequests.class);

    private final DataNodeMemory memory;

    DataNodeRequests(DataNodeMemory memory) {
        this.memory = memory;
    }

    @Override
    public TcpStorageRequest createRequest() {
        return new TcpStorageRequest();
    }

    @Override
    public TcpStorageResponse processRequest(TcpStorageRequest request) {
        // Nothing may escape: an exception here would end NaRPC's dispatcher thread, and with it the datanode.
        try {
            if (request.type() == TcpStorageProtocol.REQ_WRITE) {
                TcpStorageRequest.WriteRequest write = request.getWriteRequest();
                ByteBuffer data = write.getBuffer();
                if (data.remaining() != write.length()) {
                    throw new IllegalArgumentException("write of " + write.length() + " bytes carries " + data.remaining());
                }
                memory.range(write.getKey(), write.getAddress(), write.length()).put(data);
                return new TcpStorageResponse(new TcpStorageResponse.WriteResponse(write.length()));
            }
            if (request.type() == TcpStorageProtocol.REQ_READ) {
                TcpStorageRequest.ReadRequest read = request.getReadRequest();
                return new TcpStorageResponse(
                        new TcpStorageResponse.ReadResponse(memory.range(read.getKey(), read.getAddress(), read.length())));
            }
            LOG.warn("datanode: unknown request type {}", request.type());
        } catch (RuntimeException | OutOfMemoryError e) {
            // Crail's client does not look at the error code, so this can only be logged.
            LOG.warn("datanode: refusing a request: {}", e.toString());
        }
        return new TcpStorageResponse(TcpStorageProtocol.RET_RPC_UNKNOWN);
    }

    @Override
    public void addEndpoint(NaRPCServerChannel channel) {
        // connections are tracked by NaRpcServer
    }

    @Override
    public void removeEndpoint(NaRPCServerChannel channel) {
        // connections are tracked by NaRpcServer
    }
}
