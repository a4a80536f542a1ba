package io.albis.bench.profile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import one.profiler.AsyncProfiler;

/**
 * async-profiler through its Java API; the native library is loaded from the async-profiler jar
 * on the classpath. Event {@code cpu} (perf_events' software clock) falls back to {@code itimer}
 * when the kernel refuses perf events; hardware events such as {@code cycles} are not offered
 * because virtual machines usually have no PMU.
 */
final class CpuProfiler {
    static final String CPU = "cpu";
    static final String ITIMER = "itimer";

    private final AsyncProfiler profiler;
    private String event;

    private CpuProfiler(AsyncProfiler profiler) {
        this.profiler = profiler;
    }

    /** Loads the profiler library; throws with the reason when this platform has none. */
    static CpuProfiler load() {
        try {
            return new CpuProfiler(AsyncProfiler.getInstance());
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            throw new IllegalStateException("cannot load async-profiler's native library (linux-x64 and"
                    + " linux-arm64 are bundled): " + e.getMessage(), e);
        }
    }

    String version() {
        return profiler.getVersion();
    }

    /**
     * Starts sampling every {@code intervalMicros} of CPU time with {@code requested}; for
     * {@code cpu} falls back to {@code itimer} (with a note on {@code log}) when perf events are
     * unavailable. Returns the event in use.
     */
    String start(String requested, long intervalMicros, PrintStream log) throws IOException {
        if (!requested.equals(CPU) && !requested.equals(ITIMER)) {
            throw new IllegalArgumentException("event must be cpu or itimer, got " + requested);
        }
        try {
            profiler.execute("start,event=" + requested + ",interval=" + intervalMicros + "us");
            event = requested;
        } catch (IllegalStateException e) {
            if (!requested.equals(CPU)) {
                throw e;
            }
            log.println("profile: event cpu unavailable (" + e.getMessage() + "); using itimer");
            profiler.execute("start,event=" + ITIMER + ",interval=" + intervalMicros + "us");
            event = ITIMER;
        }
        return event;
    }

    long samples() {
        return profiler.getSamples();
    }

    /** The methods with the most samples of their own (a text table). */
    String topMethods(int count) {
        return profiler.dumpFlat(count);
    }

    /** Stops sampling and writes the flame graph (HTML) to {@code file}. */
    void stop(Path file, String title) throws IOException {
        // The command line is comma-separated; a comma in the title or path would end it early.
        String t = title.replace(',', ';');
        if (file.toAbsolutePath().toString().indexOf(',') >= 0) {
            throw new IllegalArgumentException("async-profiler cannot write to a path with a comma: " + file);
        }
        profiler.execute("stop,file=" + file.toAbsolutePath() + ",title=" + t);
    }
}
