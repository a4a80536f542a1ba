package io.albis.convert;

import io.albis.schema.Schema;

/**
 * What a conversion did.
 *
 * @param rows   rows written
 * @param schema the Albis schema of the table written (or, converting out of Albis, of the table read)
 */
public record ConvertResult(long rows, Schema schema) {
}
