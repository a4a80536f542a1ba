package io.albis.bench.format.arrow;

import io.albis.bench.format.ReadSpec;
import io.albis.scan.ScanResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BoundsChecking;
import org.apache.arrow.vector.NullCheckingForGet;

/**
 * The same Arrow files and reader as {@link ArrowFormat}, in a JVM started with Arrow's two
 * safety checks off ({@link #jvmArgs()}): no bounds check on buffer access, no null check in
 * {@code get}. Arrow reads the flags once, when its classes initialise, so they only take effect
 * in a fresh JVM; a read in a JVM without them is refused rather than reported under this name.
 */
public final class ArrowUnsafeFormat extends ArrowIpcFormat {
    static final List<String> FLAGS = List.of("-Darrow.enable_unsafe_memory_access=true",
            "-Darrow.enable_null_check_for_get=false");

    public ArrowUnsafeFormat() {
        super("arrow-unsafe");
    }

    @Override
    public List<String> jvmArgs() {
        return FLAGS;
    }

    @Override
    public ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
        if (!flagsInEffect()) {
            throw new IllegalStateException(name() + " must run in a JVM started with " + String.join(" ", FLAGS)
                    + " (Arrow reads them when its classes initialise); this JVM has bounds checks "
                    + (BoundsChecking.BOUNDS_CHECKING_ENABLED ? "on" : "off") + " and null checks in get "
                    + (NullCheckingForGet.NULL_CHECKING_ENABLED ? "on" : "off"));
        }
        return super.read(dir, spec, threads);
    }

    /** True when this JVM's Arrow classes were initialised with both checks off. */
    static boolean flagsInEffect() {
        return !BoundsChecking.BOUNDS_CHECKING_ENABLED && !NullCheckingForGet.NULL_CHECKING_ENABLED;
    }
}
