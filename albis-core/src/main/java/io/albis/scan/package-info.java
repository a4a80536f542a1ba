/**
 * The measurement protocol, apart from the format: the checksum every format's reader computes
 * over the values it reads ({@link io.albis.scan.ValueChecksum}), logical bytes, the numerator of
 * goodput ({@link io.albis.scan.LogicalBytes}), the checksum scan of an Albis table over its runs
 * ({@link io.albis.scan.ChecksumScan}), and the raw read of the same files that is the physical
 * limit ({@link io.albis.scan.RawRead}); docs/PERFORMANCE.md explains the method. It serves
 * {@code albis scan} and the bench; no format package imports it (PackageRulesTest checks).
 */
package io.albis.scan;
