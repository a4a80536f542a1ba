package io.albis.table;

import io.albis.error.InvalidOptionException;
import java.io.Serializable;
import java.time.Duration;

/**
 * How long files that no reader can newly open are kept before a commit or {@code albis repair}
 * removes them.
 *
 * @param snapshots     how long a table state (and the row groups only it lists) stays after a
 *                      commit supersedes it, so readers that opened it keep reading it (default 1 hour)
 * @param abandonedJobs how long after it began an unfinished job (no commit, no abort: its driver
 *                      died) is considered alive; its row groups and task manifests stay until then
 *                      (default 24 hours). An aborted job's leftovers go at once.
 */
public record Retention(Duration snapshots, Duration abandonedJobs) implements Serializable {
    public static final Retention DEFAULT = new Retention(Duration.ofHours(1), Duration.ofHours(24));

    public Retention {
        if (snapshots == null || snapshots.isNegative() || abandonedJobs == null || abandonedJobs.isNegative()) {
            throw new InvalidOptionException("retention periods must be zero or positive, got snapshots " + snapshots
                    + " and abandoned jobs " + abandonedJobs);
        }
    }

    /** Keeps nothing that no reader can open now: only for a table no one else reads or writes. */
    public static Retention none() {
        return new Retention(Duration.ZERO, Duration.ZERO);
    }
}
