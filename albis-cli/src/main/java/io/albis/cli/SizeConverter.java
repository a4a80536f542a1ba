package io.albis.cli;

import io.albis.error.InvalidOptionException;
import io.albis.util.ByteSizes;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A byte size option such as 4096, 64k, 1m, 16MiB or 2g, read by {@link ByteSizes#parse}. */
public final class SizeConverter implements ITypeConverter<Long> {

    @Override
    public Long convert(String value) {
        return parse(value);
    }

    public static long parse(String value) {
        try {
            return ByteSizes.parse(value);
        } catch (InvalidOptionException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
