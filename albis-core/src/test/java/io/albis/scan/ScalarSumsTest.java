package io.albis.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/**
 * Run by albis-core's {@code scalar-sums} execution, in a JVM without the Vector API, beside the
 * scan tests it runs again there (RunsBatchesAndScanAgreeTest, RawReadSumTest, NestedChecksumTest):
 * checks that they did take the scalar loops. Skipped in the default run, which has the module.
 */
class ScalarSumsTest {
    @Test
    void thisJvmTakesTheScalarLoops() {
        org.junit.jupiter.api.Assumptions.assumeFalse(
                ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(),
                "the default test run has the Vector API; the scalar-sums execution does not");
        assertFalse(VectorApi.ENABLED);
        assertEquals(0, VectorApi.vectorBits());
    }
}
