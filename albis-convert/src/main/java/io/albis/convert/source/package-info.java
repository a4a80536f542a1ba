/**
 * The input of a conversion into Albis, whatever its format:
 * {@link io.albis.convert.source.SourceFormat} tells an Albis table, Parquet, ORC or CSV from the
 * path alone, as {@code albis convert} does, and hands the input to that format's converter. It is
 * the one package that knows every format, so it sits above them; none of them uses it.
 */
package io.albis.convert.source;
