package io.albis.cli;

import io.albis.error.InvalidOptionException;
import io.albis.filter.Predicate;
import io.albis.filter.PredicateParser;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses {@code --where} while the command line is parsed, so a bad filter is a usage error. */
public final class WhereConverter implements ITypeConverter<Predicate> {
    @Override
    public Predicate convert(String value) {
        try {
            return PredicateParser.parse(value);
        } catch (InvalidOptionException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
