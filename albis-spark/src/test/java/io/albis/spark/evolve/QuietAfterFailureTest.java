package io.albis.spark.evolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.spark.SparkSessions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.SparkException;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link QuietAfterFailure}: a failed job's caller goes on only once the job's other tasks have ended. */
class QuietAfterFailureTest {
    private final SparkSession spark = SparkSessions.local();

    @TempDir
    Path dir;

    @Test
    void aFailedJobReturnsAfterItsSlowTaskHasWrittenItsFile() {
        String late = dir.resolve("late").toString();
        // Task 0 fails at once (and on its retry); task 1 writes its file 1.5 s later, as a task
        // that does not notice the kill would.
        assertThrows(SparkException.class, () -> QuietAfterFailure.run(spark, () -> {
            SparkTasks.run(spark, 2, (index, attempt) -> {
                if (index == 0) {
                    throw new IOException("injected failure of task 0");
                }
                try {
                    Thread.sleep(1500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                Files.writeString(Path.of(late), "written after the job failed");
            });
            return null;
        }));
        assertTrue(Files.exists(dir.resolve("late")), "the caller went on while task 1 was still running");
    }

    @Test
    void aJobThatSucceedsReturnsItsValue() {
        assertEquals("done", QuietAfterFailure.run(spark, () -> {
            SparkTasks.run(spark, 2, (index, attempt) -> { });
            return "done";
        }));
    }
}
