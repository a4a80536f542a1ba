package io.albis.cli;

import io.albis.error.InvalidOptionException;
import io.albis.schema.ColumnGroupSpec;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --column-groups}: a {@link ColumnGroupSpec}, read by {@link ColumnGroupSpec#parse}. */
public final class ColumnGroupsConverter implements ITypeConverter<ColumnGroupSpec> {

    @Override
    public ColumnGroupSpec convert(String value) {
        try {
            return ColumnGroupSpec.parse(value);
        } catch (InvalidOptionException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
