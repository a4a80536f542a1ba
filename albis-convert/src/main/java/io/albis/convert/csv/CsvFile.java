package io.albis.convert.csv;

import io.albis.convert.ConvertInputException;
import io.albis.convert.HadoopFile;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.QuoteMode;

/**
 * One pass over an RFC 4180 CSV file in UTF-8 (a byte order mark is skipped; bytes that are not
 * UTF-8 are an error): the first record is the header, then one record per {@link #next()}.
 *
 * <p>An unquoted empty field reads as null, a quoted empty field ({@code ""}) as the empty
 * string. A blank line in a file with more than one column is skipped; any other record must
 * have as many fields as the header.
 */
final class CsvFile implements Closeable {
    // ALL_NON_NULL is what makes commons-csv tell an unquoted empty field (null) from "" (empty).
    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder()
            .setQuoteMode(QuoteMode.ALL_NON_NULL)
            .setIgnoreEmptyLines(false)
            .get();

    private final String name;
    private final CSVParser parser;
    private final Iterator<CSVRecord> records;
    private final List<String> header;
    private final String[] values;
    private long line;

    private CsvFile(HadoopFile file) throws IOException {
        this.name = file.name();
        if (file.status().isDirectory()) {
            throw new ConvertInputException(name, "is a directory, not a CSV file");
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(file.open(),
                StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)));
        try {
            in.mark(1);
            if (in.read() != '\uFEFF') {
                in.reset();
            }
            this.parser = CSVParser.parse(in, FORMAT);
        } catch (CharacterCodingException e) {
            in.close();
            throw notUtf8(1, e);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
        this.records = parser.iterator();
        try {
            CSVRecord head = fetch();
            if (head == null) {
                throw new ConvertInputException(name, "the file is empty; the first line must name the columns");
            }
            this.header = checkHeader(head);
        } catch (IOException | RuntimeException e) {
            parser.close();
            throw e;
        }
        this.values = new String[header.size()];
    }

    static CsvFile open(HadoopFile file) throws IOException {
        return new CsvFile(file);
    }

    String name() {
        return name;
    }

    List<String> header() {
        return header;
    }

    /** Moves to the next record; false at the end. */
    boolean next() throws IOException {
        while (true) {
            CSVRecord r = fetch();
            if (r == null) {
                return false;
            }
            if (r.size() == 1 && r.get(0) == null && header.size() > 1) {
                continue; // a blank line
            }
            if (r.size() != header.size()) {
                throw new ConvertInputException(name, "line " + line + " has " + r.size() + " fields but the header has "
                        + header.size());
            }
            for (int i = 0; i < values.length; i++) {
                values[i] = r.get(i);
            }
            return true;
        }
    }

    /** The current record's fields: null for an unquoted empty field. */
    String value(int column) {
        return values[column];
    }

    /** The line the current record starts on, counted from 1. */
    long line() {
        return line;
    }

    private CSVRecord fetch() throws IOException {
        long before = parser.getCurrentLineNumber();
        try {
            if (!records.hasNext()) {
                return null;
            }
            CSVRecord r = records.next();
            line = before + 1;
            return r;
        } catch (UncheckedIOException e) {
            IOException cause = e.getCause();
            if (cause instanceof CharacterCodingException) {
                throw notUtf8(before + 1, cause);
            }
            throw new ConvertInputException(name, "line " + (before + 1) + ": " + cause.getMessage(), cause);
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new ConvertInputException(name, "line " + (before + 1) + ": " + e.getMessage(), e);
        }
    }

    /** Text is decoded ahead of parsing, so the bad bytes are somewhere from this line on. */
    private ConvertInputException notUtf8(long line, IOException cause) {
        return new ConvertInputException(name, "is not valid UTF-8 text (the bad bytes are at or after line " + line + ")",
                cause);
    }

    private List<String> checkHeader(CSVRecord head) throws ConvertInputException {
        List<String> names = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < head.size(); i++) {
            String n = head.get(i);
            if (n == null || n.isEmpty()) {
                throw new ConvertInputException(name, "header column " + (i + 1) + " has no name");
            }
            if (!seen.add(n)) {
                throw new ConvertInputException(name, "the header names column '" + n + "' twice");
            }
            names.add(n);
        }
        return List.copyOf(names);
    }

    @Override
    public void close() throws IOException {
        parser.close();
    }
}
