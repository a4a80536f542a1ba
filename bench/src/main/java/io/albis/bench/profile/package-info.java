/**
 * CPU flame graphs of a format's full scans with async-profiler ({@code scripts/profile}):
 * {@link io.albis.bench.profile.ProfileMain} repeats a read of the whole table for a while
 * unprofiled, then for a set time under the profiler, and writes the flame graph as HTML to
 * {@code bench/results/profiles/<FORMAT>.html}.
 */
package io.albis.bench.profile;
