package io.albis.crail;

import java.io.IOException;
import java.util.concurrent.Callable;
import org.apache.crail.conf.CrailConfiguration;
import org.apache.crail.conf.CrailConstants;
import org.apache.crail.utils.CrailUtils;

/**
 * Crail keeps its configuration in static fields ({@link CrailConstants}), one set per JVM, and
 * reads some of them (the namenode address above all) right after setting them. Everything that
 * sets them and acts on them (a client connecting, a namenode or datanode starting) does so here,
 * one at a time, so two clients of different clusters in one JVM do not swap addresses.
 *
 * <p>All Crail clusters used in one JVM must agree on the other settings (block size, buffer
 * size, ...): the last one applied is the one every client uses.
 */
public final class CrailGlobals {
    private static final Object LOCK = new Object();

    private CrailGlobals() {}

    /** The JVM flag Crail's client needs: it reads the memory address of direct buffers through sun.nio.ch. */
    public static final String REQUIRED_JVM_FLAG = "--add-opens java.base/sun.nio.ch=ALL-UNNAMED";

    /**
     * Fails with a clear message when the JVM was started without {@link #REQUIRED_JVM_FLAG}; Crail
     * would otherwise fail at its first read or write with an IllegalAccessError.
     */
    public static void requireDirectBufferAccess() throws IOException {
        if (!Object.class.getModule().isExported("sun.nio.ch", CrailUtils.class.getModule())) {
            throw new IOException("Apache Crail needs the JVM flag " + REQUIRED_JVM_FLAG);
        }
    }

    /** Applies {@code conf} to Crail's constants and runs {@code action} before anyone else may change them. */
    public static <T> T withConfiguration(CrailConfiguration conf, Callable<T> action) throws Exception {
        synchronized (LOCK) {
            CrailConstants.updateConstants(conf);
            CrailConstants.verify();
            return action.call();
        }
    }
}
