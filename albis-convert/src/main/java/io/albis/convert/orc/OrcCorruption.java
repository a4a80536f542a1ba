package io.albis.convert.orc;

import io.albis.convert.ConvertInputException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.StripeInformation;
import org.apache.orc.TypeDescription;
import org.apache.orc.impl.RecordReaderImpl;

/**
 * Finds damage in an ORC file and says where it is. ORC keeps no checksums, and orc-core reports
 * a damaged stripe as "Error reading file" or with whatever decoder ran into the bytes (a missing
 * dictionary stream may surface as a bad timestamp further on). So, before any row is read, every
 * stripe's footer is checked against the file's stripe table ({@link #checkStripes}), which catches
 * streams that are missing or shifted; and when a stripe fails to read, its columns are read again
 * one at a time, and the first that fails alone is named ({@link #of}).
 */
final class OrcCorruption {

    private OrcCorruption() {
    }

    /**
     * Reads every stripe's footer and checks that its streams account for exactly the stripe's index
     * and data bytes, name columns of the schema, and that every dictionary-encoded column with
     * entries has its dictionary streams.
     *
     * @throws ConvertInputException "corrupt", naming the stripe (from 0) and column where known
     */
    static void checkStripes(Reader reader, String name) throws IOException {
        List<StripeInformation> stripes = reader.getStripes();
        List<String> columns = columnNames(reader.getSchema());
        try (RecordReader rows = footerReader(reader, name)) {
            if (!(rows instanceof RecordReaderImpl footers)) {
                return;
            }
            for (int s = 0; s < stripes.size(); s++) {
                OrcProto.StripeFooter footer;
                try {
                    footer = footers.readStripeFooter(stripes.get(s));
                } catch (IOException | RuntimeException e) {
                    throw ConvertInputException.corrupt(name, "in stripe " + s, "its footer does not decode ("
                            + ConvertInputException.describe(e) + ")", e);
                }
                check(name, s, stripes.get(s), footer, columns);
            }
        }
    }

    /**
     * A record reader for a range that selects no stripe, so it only serves stripe footers. orc-core
     * builds it from the file's type list, which damage can make inconsistent (a struct's child id
     * pointing at another type): that is corruption of the footer.
     */
    private static RecordReader footerReader(Reader reader, String name) throws IOException {
        try {
            return reader.rows(reader.options().range(0, 0));
        } catch (RuntimeException e) {
            throw ConvertInputException.corrupt(name, "in its footer", "its types do not make a readable schema ("
                    + ConvertInputException.describe(e) + ")", e);
        }
    }

    private static void check(String name, int s, StripeInformation stripe, OrcProto.StripeFooter footer,
            List<String> columns) throws ConvertInputException {
        if (footer.getEncryptionCount() > 0) {
            return; // encrypted columns keep their streams and encodings where they cannot be checked without keys
        }
        String where = "in stripe " + s;
        long bytes = 0;
        Set<String> streams = new HashSet<>();
        for (OrcProto.Stream st : footer.getStreamsList()) {
            if (st.getColumn() >= columns.size()) {
                throw ConvertInputException.corrupt(name, where, "a " + st.getKind() + " stream belongs to column id "
                        + st.getColumn() + ", but the schema has " + columns.size() + " column ids", null);
            }
            bytes += st.getLength();
            streams.add(st.getKind() + "/" + st.getColumn());
        }
        long expected = stripe.getIndexLength() + stripe.getDataLength();
        if (bytes != expected) {
            throw ConvertInputException.corrupt(name, where, "its footer lists streams of " + bytes + " bytes, but the"
                    + " file's stripe table gives it " + expected + " bytes of index and data (a stream is missing"
                    + " or misstated)", null);
        }
        if (footer.getColumnsCount() != columns.size()) {
            throw ConvertInputException.corrupt(name, where, "its footer has encodings for " + footer.getColumnsCount()
                    + " column ids, but the schema has " + columns.size(), null);
        }
        for (int id = 0; id < columns.size(); id++) {
            OrcProto.ColumnEncoding e = footer.getColumns(id);
            boolean dictionary = e.getKind() == OrcProto.ColumnEncoding.Kind.DICTIONARY
                    || e.getKind() == OrcProto.ColumnEncoding.Kind.DICTIONARY_V2;
            if (!dictionary || e.getDictionarySize() == 0) {
                continue;
            }
            for (OrcProto.Stream.Kind kind : List.of(OrcProto.Stream.Kind.DICTIONARY_DATA, OrcProto.Stream.Kind.LENGTH)) {
                if (!streams.contains(kind + "/" + id)) {
                    throw ConvertInputException.corrupt(name, where + ", column '" + columns.get(id) + "'",
                            "its encoding has a dictionary of " + e.getDictionarySize() + " entries, but the stripe has"
                                    + " no " + kind + " stream for it", null);
                }
            }
        }
    }

    /**
     * The exception for {@code failure}, met reading the rows after row {@code rowsRead} (counted
     * from 0): "corrupt" with the stripe and the first column that fails when read alone, or a plain
     * read failure when every column reads alone.
     */
    static ConvertInputException of(Reader reader, String name, long rowsRead, Throwable failure,
            OrcDecodeDeadline decode) {
        List<StripeInformation> stripes = reader.getStripes();
        int s = 0;
        for (long first = 0; s < stripes.size() - 1 && first + stripes.get(s).getNumberOfRows() <= rowsRead; s++) {
            first += stripes.get(s).getNumberOfRows();
        }
        if (stripes.isEmpty()) {
            return ConvertInputException.corrupt(name, null, ConvertInputException.describe(failure), failure);
        }
        TypeDescription schema = reader.getSchema();
        List<String> columns = columnNames(schema);
        for (TypeDescription leaf : leaves(schema, new ArrayList<>())) {
            Throwable alone = readAlone(reader, stripes.get(s), leaf, decode);
            if (alone != null) {
                return ConvertInputException.corrupt(name, "in stripe " + s + ", column '" + columns.get(leaf.getId()) + "'",
                        ConvertInputException.describe(alone), failure);
            }
        }
        Throwable stripeAlone = readAlone(reader, stripes.get(s), null, decode);
        if (stripeAlone != null) {
            return ConvertInputException.corrupt(name, "in stripe " + s, ConvertInputException.describe(stripeAlone), failure);
        }
        return new ConvertInputException(name, "cannot read the rows after row " + rowsRead + ": "
                + ConvertInputException.describe(failure), failure);
    }

    /**
     * Reads one stripe with only {@code leaf} (with the types under it and the structs above it), or
     * every column when null; what failed, or null.
     */
    private static Throwable readAlone(Reader reader, StripeInformation stripe, TypeDescription leaf,
            OrcDecodeDeadline decode) {
        Reader.Options options = reader.options().range(stripe.getOffset(), stripe.getLength());
        if (leaf != null) {
            boolean[] include = new boolean[reader.getSchema().getMaximumId() + 1];
            for (TypeDescription t = leaf; t != null; t = t.getParent()) {
                include[t.getId()] = true;
            }
            for (int id = leaf.getId(); id <= leaf.getMaximumId(); id++) {
                include[id] = true;
            }
            options.include(include);
        }
        try (RecordReader rows = reader.rows(options)) {
            VectorizedRowBatch batch = reader.getSchema().createRowBatchV2();
            while (decode.nextBatch(rows, batch)) {
                // Decoding is the check.
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return e;
        } catch (TimeoutException e) {
            return timedOut(decode);
        }
    }

    /** What a batch that did not decode within the deadline is reported as. */
    static IOException timedOut(OrcDecodeDeadline decode) {
        return new IOException("orc-core did not decode a batch of rows within " + decode.limit().toSeconds()
                + " s (it loops on an integer run cut short by damage)");
    }

    /** The types under {@code t} that are not structs (a union counts as one), in column id order. */
    private static List<TypeDescription> leaves(TypeDescription t, List<TypeDescription> out) {
        if (t.getCategory() == TypeDescription.Category.STRUCT) {
            for (TypeDescription c : t.getChildren()) {
                leaves(c, out);
            }
        } else {
            out.add(t);
        }
        return out;
    }

    /** The dotted path of every column id of the schema, as the converter names columns. */
    private static List<String> columnNames(TypeDescription root) {
        List<String> names = new ArrayList<>();
        for (int id = 0; id <= root.getMaximumId(); id++) {
            names.add("");
        }
        name(root, root.getCategory() == TypeDescription.Category.STRUCT ? "" : OrcSchemas.ROOT_COLUMN, names);
        return names;
    }

    private static void name(TypeDescription t, String path, List<String> names) {
        names.set(t.getId(), path.isEmpty() ? "(root)" : path);
        List<String> fields = t.getCategory() == TypeDescription.Category.STRUCT ? t.getFieldNames() : null;
        List<TypeDescription> children = t.getChildren() == null ? List.of() : t.getChildren();
        for (int i = 0; i < children.size(); i++) {
            String child = fields != null ? fields.get(i)
                    : t.getCategory() == TypeDescription.Category.UNION ? OrcSchemas.unionField(i)
                    : Integer.toString(i);
            name(children.get(i), path.isEmpty() ? child : path + "." + child, names);
        }
    }
}
