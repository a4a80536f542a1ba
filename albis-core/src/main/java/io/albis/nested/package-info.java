/**
 * Lists, maps and structs inside them as stored in a row's variable area (docs/FORMAT.md §6):
 * the compact layout of format 6.0, its arithmetic ({@link io.albis.nested.NestedFormat}) and the
 * check every stored value passes before it is read ({@link io.albis.nested.NestedCheck}),
 * read-only views with one set of getters ({@link io.albis.nested.ArrayValue},
 * {@link io.albis.nested.MapValue}, {@link io.albis.nested.StructValue}), and the layout of
 * Spark's {@code UnsafeArrayData} and {@code UnsafeMapData} that files of 3.0 to 5.x hold
 * ({@link io.albis.nested.LegacyNested}), checked and decoded for the encoder to store again.
 */
package io.albis.nested;
