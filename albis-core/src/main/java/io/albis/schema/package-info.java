/**
 * The table's schema: types ({@link io.albis.schema.DataType}, {@link io.albis.schema.TypeId}),
 * fields as the user declared them, the flattened leaf columns rows store and their partition into
 * column groups ({@link io.albis.schema.Schema}); the schema file's bytes
 * ({@link io.albis.schema.SchemaCodec}, docs/FORMAT.md "Schema file"); the edits of evolution
 * ({@link io.albis.schema.SchemaChanges}); and the column and group specs users write as text.
 */
package io.albis.schema;
