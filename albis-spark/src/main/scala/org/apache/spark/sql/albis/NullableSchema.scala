package org.apache.spark.sql.albis

import org.apache.spark.sql.types.StructType

/** A schema with every field, nested ones too, nullable (Spark's own `asNullable`, which is not public). */
object NullableSchema {
  def of(schema: StructType): StructType = schema.asNullable
}
