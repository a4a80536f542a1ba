package io.albis.convert.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.albis.convert.orc.OrcToAlbis;

/**
 * Fuzzes the ORC input of the converter ({@link OrcToAlbis}): the file's tail and stripes as
 * orc-core opens them, the schema mapping ({@code OrcSchemas}), the row copier that moves values
 * from orc-core's column vectors into the Albis writer, and the corruption reports. The input is
 * the bytes of an {@code .orc} file; see {@link FuzzConversion} for what counts as a finding.
 */
public class OrcInputFuzzTest {
    @FuzzTest
    void orcFile(byte[] file) throws Throwable {
        FuzzConversion.convert(file, ".orc", OrcToAlbis::convert);
    }
}
