/**
 * Lists, maps and structs inside them as stored in a row's variable area, in the layouts of
 * Spark's {@code UnsafeArrayData}, {@code UnsafeMapData} and {@code UnsafeRow}
 * (docs/FORMAT.md §6): their arithmetic ({@link io.albis.nested.NestedFormat}), the check every
 * stored value passes before it is read ({@link io.albis.nested.NestedCheck}), and read-only views
 * with one set of getters ({@link io.albis.nested.ArrayValue}, {@link io.albis.nested.MapValue},
 * {@link io.albis.nested.StructValue}).
 */
package io.albis.nested;
