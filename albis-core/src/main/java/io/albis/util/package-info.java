/**
 * Small tools the format packages share and that are not the format themselves: little-endian
 * byte sinks and sources for the small files (every read checks its length first), CRC-32C,
 * 128-bit integers of wide decimals, the one value ordering of statistics and filters, byte sizes
 * as people write them, page-aligned buffers, and failures of tasks on other threads.
 */
package io.albis.util;
