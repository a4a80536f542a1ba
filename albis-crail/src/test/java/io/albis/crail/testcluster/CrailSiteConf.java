package io.albis.crail.testcluster;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.crail.namenode.rpc.tcp.TcpNameNode;
import org.apache.crail.storage.tcp.TcpStorageTier;

/**
 * {@code $CRAIL_HOME/conf/crail-site.conf}, the only place Crail's client reads its settings
 * from. The local cluster writes it so that its own servers and every client in any JVM with the
 * same {@code CRAIL_HOME} agree.
 */
public final class CrailSiteConf {
    public static final String ENV = "CRAIL_HOME";
    public static final long BLOCK_SIZE = 1 << 20;

    private CrailSiteConf() {}

    /** The directory named by {@code $CRAIL_HOME}; a clear error if it is not set. */
    public static Path home() {
        String home = System.getenv(ENV);
        if (home == null || home.isBlank()) {
            throw new IllegalStateException("the environment variable " + ENV + " is not set: Crail reads its settings from "
                    + "$" + ENV + "/conf/crail-site.conf (scripts/crail-local prints the value to use)");
        }
        return Path.of(home).toAbsolutePath();
    }

    public static Path file(Path home) {
        return home.resolve("conf").resolve("crail-site.conf");
    }

    /**
     * The settings of a local cluster: TCP namenode RPC and storage tier, 1 MiB blocks, and no
     * hugepage buffer cache (the client then takes plain direct buffers). The buffer size equals
     * the block size: Crail's TCP storage client writes a read's data at the start of the buffer,
     * so a directory listing read in buffers spanning two blocks would come back garbled.
     * {@code nameNodeAddress} may be null while the namenode's port is not known yet.
     */
    static Map<String, String> localCluster(Path home, String nameNodeAddress) {
        Map<String, String> s = new LinkedHashMap<>();
        if (nameNodeAddress != null) {
            s.put("crail.namenode.address", nameNodeAddress);
        }
        s.put("crail.namenode.rpctype", TcpNameNode.class.getName());
        s.put("crail.storage.types", TcpStorageTier.class.getName());
        s.put("crail.blocksize", Long.toString(BLOCK_SIZE));
        s.put("crail.buffersize", Long.toString(BLOCK_SIZE));
        s.put("crail.slicesize", Long.toString(BLOCK_SIZE / 2));
        s.put("crail.regionsize", Long.toString(64L << 20));
        s.put("crail.cachelimit", "0");
        s.put("crail.cachepath", home.resolve("cache").toString());
        s.put("crail.singleton", "false");
        s.put("crail.directoryrandomize", "false");
        return s;
    }

    private static final String MARKER = "written by the Albis local Crail cluster";

    /**
     * Writes the settings to {@code home}'s crail-site.conf, replacing it in one step. A file that
     * a local cluster did not write (a real Crail setup's) is never replaced.
     */
    static void write(Path home, Map<String, String> settings) throws IOException {
        Path file = file(home);
        if (Files.exists(file) && !Files.readString(file, StandardCharsets.ISO_8859_1).contains(MARKER)) {
            throw new IOException(file + " belongs to another Crail setup, which a local cluster must not overwrite;"
                    + " point " + ENV + " at an empty directory for a local cluster");
        }
        Files.createDirectories(file.getParent());
        Properties p = new Properties();
        p.putAll(settings);
        Path tmp = Files.createTempFile(file.getParent(), "crail-site", ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.ISO_8859_1)) {
            p.store(w, MARKER);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
