/**
 * JMH micro-benchmarks of Albis's hot paths: value decoding per type and read API
 * ({@link io.albis.bench.jmh.RowDecodeBenchmark}), binary rows
 * ({@link io.albis.bench.jmh.BinaryRowBenchmark}), filter evaluation and pruning
 * ({@link io.albis.bench.jmh.FilterEvaluationBenchmark}), segment loads with and without
 * CRC-32C ({@link io.albis.bench.jmh.SegmentReadBenchmark}) and the checksum scan
 * ({@link io.albis.bench.jmh.ScanBenchmark}).
 *
 * <p>Each benchmark writes its table once per trial from {@link io.albis.bench.jmh.SyntheticData},
 * whose values are pure functions of (row, column), and returns a sum or count of what it read;
 * the tests check that value against one computed from the generator alone and run every
 * benchmark in miniature through the JMH runner. Run them for real with {@code scripts/jmh};
 * measured results and the commands behind them are in {@code bench/results/jmh/}.
 */
package io.albis.bench.jmh;
