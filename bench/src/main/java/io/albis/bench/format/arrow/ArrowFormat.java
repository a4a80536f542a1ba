package io.albis.bench.format.arrow;

/**
 * Arrow IPC files read with Arrow's default safety checks: null checks in {@code get} and bounds
 * checks on every buffer access.
 */
public final class ArrowFormat extends ArrowIpcFormat {

    public ArrowFormat() {
        super("arrow");
    }
}
