package io.albis.bench.experiment;

import io.albis.bench.dataset.Dataset;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ReadSpec;
import java.util.List;

/** What experiments plan their cases from: the run's settings and formats. */
public record Context(Settings settings, FormatSet formats) {

    /**
     * Adds a read case for every selected format (with all its codecs, or only its first), every
     * variant in {@code albisVariants} for formats of Albis data (one default copy for others),
     * and every thread count. With {@code albisOnly}, formats of other data are left out.
     */
    void addReads(List<Case> out, int experiment, String point, double x, Dataset dataset, ReadSpec spec,
            boolean allCodecs, List<String> albisVariants, boolean albisOnly) {
        for (BenchFormat f : formats.selected()) {
            if (albisOnly && !"albis".equals(f.dataFormat())) {
                continue;
            }
            List<String> codecs = allCodecs ? f.codecs() : f.codecs().subList(0, 1);
            List<String> variants = "albis".equals(f.dataFormat()) ? albisVariants : List.of("");
            for (String codec : codecs) {
                for (String variant : variants) {
                    for (int t : settings.threads()) {
                        out.add(new Case(experiment, point, x, dataset, f.name(), f.dataFormat(), codec, variant, t,
                                Kind.READ, spec));
                    }
                }
            }
        }
    }
}
