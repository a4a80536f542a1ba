package io.albis.fuzz;

import io.albis.error.AlbisFormatException;
import io.albis.memory.MemoryLimitException;
import io.albis.read.CorruptDataException;
import java.util.List;

/**
 * The one place that says which failures on bad input Albis documents, and so what a fuzz target
 * lets pass. Everything else is a finding (issue 12): any other exception, such as a plain
 * {@code UncheckedIOException}, {@code IOException} or a JDK runtime exception, and any
 * {@link Error}. A target runs each step through {@link #run}, which swallows exactly the
 * documented failures and rethrows everything else unchanged, so that Jazzer reports it with its
 * own stack trace.
 *
 * <p>Documented for every file a reader or decoder reads: {@link AlbisFormatException} and its
 * subclasses; {@link CorruptDataException} (the iterator's unchecked form) when its cause is an
 * {@code AlbisFormatException}; {@link MemoryLimitException}. A target adds the exceptions its own
 * API documents (the predicate parser's {@code InvalidOptionException}, the converters'
 * {@code ConvertInputException}).
 */
public final class Documented {
    private Documented() {}

    /** A step of a fuzz target. */
    @FunctionalInterface
    public interface Step {
        void run() throws Throwable;
    }

    /**
     * Runs {@code step}: true when it completed, false when it failed with a documented exception
     * (of reading files, or one of {@code alsoDocumented}); anything else is rethrown as it is.
     */
    @SafeVarargs
    public static boolean run(Step step, Class<? extends Throwable>... alsoDocumented) throws Throwable {
        try {
            step.run();
            return true;
        } catch (Throwable t) {
            if (isDocumented(t, List.of(alsoDocumented))) {
                return false;
            }
            throw t;
        }
    }

    /** True when {@code t} is a documented failure of reading a file, or an instance of one of {@code also}. */
    public static boolean isDocumented(Throwable t, List<Class<? extends Throwable>> also) {
        if (t instanceof AlbisFormatException || t instanceof MemoryLimitException) {
            return true;
        }
        if (t instanceof CorruptDataException) {
            return t.getCause() instanceof AlbisFormatException;
        }
        return also.stream().anyMatch(c -> c.isInstance(t));
    }
}
