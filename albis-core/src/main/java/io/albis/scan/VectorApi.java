package io.albis.scan;

/**
 * Whether this JVM lets the scan use the JDK's Vector API ({@link VectorSums}): only when the
 * incubator module {@code jdk.incubator.vector} is in the boot layer (the JVM was started with
 * {@code --add-modules jdk.incubator.vector}, as Spark's launcher and {@code scripts/albis scan} start
 * it), and not turned off with {@code -Dalbis.vector=false}. Without it the scan and the raw read
 * take their scalar loops, with the same results; this class names no incubator type, so it loads
 * in any JVM.
 */
public final class VectorApi {
    /** True when {@link VectorSums} may be loaded and used. */
    static final boolean ENABLED = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
            && !"false".equals(System.getProperty("albis.vector"));

    private VectorApi() {}

    /** The width in bits of the vectors the scan and the raw read sum with, or 0 where they take scalar loops. */
    public static int vectorBits() {
        return ENABLED ? 64 * VectorSums.maxLanes() : 0;
    }
}
