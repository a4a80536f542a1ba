package io.albis.bench.jmh;

import io.albis.scan.ValueChecksum;

/**
 * What the benchmarks must return, computed from {@link SyntheticData}'s value functions alone:
 * no table is written or read here, so a benchmark that skips values or reads the wrong bytes
 * disagrees.
 */
final class Oracle {
    private Oracle() {}

    /** The {@link ValueChecksum} words of every value of a single-column table. */
    static long singleColumnChecksum(String type, long rows) {
        long sum = 0;
        byte[] b = new byte[SyntheticData.BINARY_MAX];
        for (long r = 0; r < rows; r++) {
            switch (type) {
                case "int" -> sum += SyntheticData.intValue(r, 0);
                case "long" -> sum += SyntheticData.longValue(r, 0);
                case "double" -> sum += Double.doubleToRawLongBits(SyntheticData.doubleValue(r, 0));
                case "decimal" -> sum += SyntheticData.decimalUnscaled(r, 0);
                case "string" -> {
                    int len = SyntheticData.stringLength(r, 0);
                    SyntheticData.stringBytes(r, 0, b, len);
                    sum += wordSum(b, len);
                }
                case "binary" -> {
                    int len = SyntheticData.binaryLength(r, 0);
                    SyntheticData.binaryBytes(r, 0, b, len);
                    sum += wordSum(b, len);
                }
                default -> throw new IllegalArgumentException(type);
            }
        }
        return sum;
    }

    /** Length plus the bytes as little-endian 8-byte words, the last zero-padded (written out longhand). */
    static long wordSum(byte[] b, int len) {
        long sum = len;
        for (int w = 0; w < len; w += 8) {
            long word = 0;
            for (int k = 7; k >= 0; k--) {
                word <<= 8;
                if (w + k < len) {
                    word |= b[w + k] & 0xff;
                }
            }
            sum += word;
        }
        return sum;
    }

    /** Totals of a full read of the store_sales-shaped table. */
    record StoreSales(long rows, long nulls, long logicalBytes, long checksum) {}

    static StoreSales storeSales(long rows) {
        long nulls = 0;
        long bytes = 0;
        long sum = 0;
        int columns = SyntheticData.STORE_SALES_COLUMNS.length;
        for (long r = 0; r < rows; r++) {
            for (int c = 0; c < columns; c++) {
                if (SyntheticData.storeSalesIsNull(r, c)) {
                    nulls++;
                    sum += ValueChecksum.NULL_WEIGHT;
                } else {
                    sum += SyntheticData.storeSalesValue(r, c);
                    bytes += c <= SyntheticData.STORE_SALES_QUANTITY && c != SyntheticData.STORE_SALES_LONG ? 4 : 8;
                }
            }
        }
        return new StoreSales(rows, nulls, bytes, sum);
    }

    /** Bytes of a store_sales row: 3 bitmap bytes, 10 ints, 1 long, 12 decimals. */
    static final int STORE_SALES_ROW = 3 + 10 * 4 + 8 + 12 * 8;

    /** What {@link BinaryRowBenchmark} sums: each row's length plus its ss_quantity (0 when null). */
    static long binaryRowSum(long rows) {
        long sum = 0;
        for (long r = 0; r < rows; r++) {
            sum += STORE_SALES_ROW;
            if (!SyntheticData.storeSalesIsNull(r, SyntheticData.STORE_SALES_QUANTITY)) {
                sum += SyntheticData.storeSalesValue(r, SyntheticData.STORE_SALES_QUANTITY);
            }
        }
        return sum;
    }

    private static final int[] IN_LIST = {0, 111, 222, 333, 444, 555, 666, 777, 888, 999};

    /** Whether a row of the filter table passes the named predicate (a null b passes nothing). */
    static boolean filterMatches(String predicate, long row, long rows) {
        if (SyntheticData.filterBIsNull(row)) {
            return false;
        }
        int a = SyntheticData.filterA(row);
        int b = SyntheticData.filterB(row);
        return switch (predicate) {
            case "le" -> b <= 499;
            case "and" -> a >= rows / 4 && b <= 499;
            case "in10" -> inList(b, b);
            default -> throw new IllegalArgumentException(predicate);
        };
    }

    static long filterMatchCount(String predicate, long rows) {
        long n = 0;
        for (long r = 0; r < rows; r++) {
            if (filterMatches(predicate, r, rows)) {
                n++;
            }
        }
        return n;
    }

    private static boolean inList(int min, int max) {
        for (int v : IN_LIST) {
            if (min <= v && v <= max) {
                return true;
            }
        }
        return false;
    }

    /**
     * Segments of the filter table whose min/max could hold a match. Rows are 9 bytes (bitmap,
     * a, b) and never span segments, so each 64 KiB segment holds 7281 rows.
     */
    static long filterSegmentsMayMatch(String predicate, long rows) {
        long perSegment = SyntheticData.rowsPerSegment(SyntheticData.FILTER_SEGMENT_SIZE, 9);
        long kept = 0;
        for (long first = 0; first < rows; first += perSegment) {
            long end = Math.min(rows, first + perSegment);
            long maxA = end - 1;
            int minB = Integer.MAX_VALUE;
            int maxB = Integer.MIN_VALUE;
            for (long r = first; r < end; r++) {
                if (!SyntheticData.filterBIsNull(r)) {
                    minB = Math.min(minB, SyntheticData.filterB(r));
                    maxB = Math.max(maxB, SyntheticData.filterB(r));
                }
            }
            boolean anyB = minB <= maxB;
            boolean may = switch (predicate) {
                case "le" -> anyB && minB <= 499;
                case "and" -> maxA >= rows / 4 && anyB && minB <= 499;
                case "in10" -> anyB && inList(minB, maxB);
                default -> throw new IllegalArgumentException(predicate);
            };
            if (may) {
                kept++;
            }
        }
        return kept;
    }

    /** Sum of the first value of every segment of {@link SegmentReadBenchmark}'s table. */
    static long segmentFirstValues(int segmentKiB) {
        long perSegment = SyntheticData.rowsPerSegment(segmentKiB << 10, SegmentReadBenchmark.ROW_LENGTH);
        long sum = 0;
        for (int s = 0; s < SegmentReadBenchmark.SEGMENTS; s++) {
            sum += SyntheticData.longValue(s * perSegment, 0);
        }
        return sum;
    }
}
