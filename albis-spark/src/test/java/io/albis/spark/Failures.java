package io.albis.spark;

/** What the tests look at in a failure that Spark wrapped, often several times. */
public final class Failures {
    private Failures() {}

    /** The innermost cause of {@code t}: the exception Albis threw under Spark's wrappers. */
    public static Throwable rootCause(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }
}
