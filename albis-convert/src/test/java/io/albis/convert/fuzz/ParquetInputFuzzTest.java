package io.albis.convert.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.albis.convert.parquet.ParquetToAlbis;

/**
 * Fuzzes the Parquet input of the converter ({@link ParquetToAlbis}): footer and schema mapping,
 * page reading and decompression as {@code ParquetInput} drives parquet-java, the materializer
 * that moves values into the Albis writer, and the corruption reports. The input is the bytes of a
 * {@code .parquet} file; see {@link FuzzConversion} for what counts as a finding.
 */
public class ParquetInputFuzzTest {
    @FuzzTest
    void parquetFile(byte[] file) throws Throwable {
        FuzzConversion.convert(file, ".parquet", ParquetToAlbis::convert);
    }
}
