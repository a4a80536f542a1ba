package io.albis.bench.experiment;

import io.albis.bench.dataset.Dataset;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.spark.SparkLevelFormat;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/** What experiments plan their cases from: the run's settings and formats. */
public record Context(Settings settings, FormatSet formats) {

    /** The format's codecs that the run measures (--codecs), in the format's order. */
    List<String> codecs(BenchFormat f) {
        List<String> wanted = settings.codecs();
        return wanted == null ? f.codecs() : f.codecs().stream().filter(wanted::contains).toList();
    }

    /** Every selected format. */
    static final Predicate<BenchFormat> ANY_FORMAT = f -> true;
    /** The readers of Albis data (and the raw baselines, which read Albis files). */
    static final Predicate<BenchFormat> ALBIS_DATA = f -> "albis".equals(f.dataFormat());

    /**
     * Adds a read case for every selected format that {@code applies} (with all its codecs, or
     * only its first), every variant in {@code albisVariants} for formats of Albis data (one
     * default copy for others), and every thread count.
     */
    void addReads(List<Case> out, int experiment, String point, double x, Dataset dataset, ReadSpec spec,
            boolean allCodecs, List<String> albisVariants, Predicate<BenchFormat> applies) {
        addReads(out, experiment, point, x, dataset, spec, allCodecs,
                f -> ALBIS_DATA.test(f) ? albisVariants : List.of(""), applies);
    }

    /** As above, with the variants of each format's copies given by {@code variantsOf}. */
    void addReads(List<Case> out, int experiment, String point, double x, Dataset dataset, ReadSpec spec,
            boolean allCodecs, Function<BenchFormat, List<String>> variantsOf, Predicate<BenchFormat> applies) {
        for (BenchFormat f : formats.selected()) {
            if (!applies.test(f) || f instanceof SparkLevelFormat) {
                continue;
            }
            List<String> codecs = codecs(f);
            if (codecs.isEmpty()) {
                continue;
            }
            codecs = allCodecs ? codecs : codecs.subList(0, 1);
            List<String> variants = variantsOf.apply(f);
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
