/**
 * ORC to and from Albis. {@link io.albis.convert.orc.OrcToAlbis} reads an ORC file or a directory
 * of them batch by batch with orc-core ({@link io.albis.convert.orc.OrcFiles} opens them; stripe
 * footers are checked first, and each batch is decoded under a deadline, as orc-core loops on some
 * damage) and copies each value into the Albis writer's typed setters ({@code OrcRowCopier}; a list
 * or map is assembled by {@code OrcNestedReader}). {@link io.albis.convert.orc.AlbisToOrc} writes an
 * Albis table as one ORC file, the reader's rows filled into orc-core's batches
 * ({@code OrcBatchFiller}). {@link io.albis.convert.orc.OrcSchemas} is the one type mapping.
 */
package io.albis.convert.orc;
