package io.albis.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.albis.table.TableState;
import io.albis.table.TableStateCodec;

/**
 * Fuzzes the decoders of the table state file ({@code _state.NNNNNNNN}, {@link TableStateCodec#decode})
 * and of the task manifest ({@code _job.<id>/task-NNNNNNNN}, {@link TableStateCodec#decodeManifest}),
 * docs/FORMAT.md §11.
 *
 * <p>Input: one option byte (bit 0: reseal the footer's CRC so the body's checks are reached; bit 1:
 * a task manifest, else a table state), then the file. A file that decodes must also survive a
 * round trip: written again (as the current format) and read back, it is the same state or manifest.
 */
class TableStateFuzzTest {
    private static final String STATE = "fuzz/t/_state.00000001";
    private static final String MANIFEST = "fuzz/t/_job.0123456789abcdef0123/task-00000000";

    @FuzzTest
    void stateOrManifest(byte[] data) throws Throwable {
        FuzzInput in = new FuzzInput(data);
        int options = in.nextByte();
        byte[] file = FuzzInput.resealedIf((options & 1) != 0, in.rest());
        if ((options & 2) != 0) {
            Documented.run(() -> {
                TableStateCodec.Manifest m = TableStateCodec.decodeManifest(file, MANIFEST);
                assertEquals(m, TableStateCodec.decodeManifest(TableStateCodec.encode(m), MANIFEST), "manifest round trip");
            });
        } else {
            Documented.run(() -> {
                TableState s = TableStateCodec.decode(file, STATE);
                TableState current = new TableState(s.version(), s.schemaVersion(), s.mode(), s.jobId(),
                        s.commitMillis(), s.rowGroups(), s.operation(), s.properties());
                assertEquals(current, TableStateCodec.decode(TableStateCodec.encode(current), STATE), "state round trip");
            });
        }
    }
}
