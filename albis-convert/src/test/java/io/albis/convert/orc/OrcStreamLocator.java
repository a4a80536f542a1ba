package io.albis.convert.orc;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.apache.orc.impl.RecordReaderImpl;

/**
 * Where the parts of an ORC file are, from orc-core's own metadata (the stripe table, the stripe
 * footers' stream lists, the postscript), so that tests can damage exactly one of them.
 */
final class OrcStreamLocator {
    private OrcStreamLocator() {
    }

    /** {@code length} bytes from {@code offset}. */
    record Span(long offset, long length) {
        long middle() {
            return offset + length / 2;
        }
    }

    private static Reader open(Path file) throws IOException {
        Configuration conf = new Configuration();
        return OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
                OrcFile.readerOptions(conf).filesystem(FileSystem.getLocal(conf).getRawFileSystem()));
    }

    static int stripes(Path file) throws IOException {
        try (Reader r = open(file)) {
            return r.getStripes().size();
        }
    }

    static OrcProto.StripeFooter stripeFooter(Path file, int stripe) throws IOException {
        try (Reader r = open(file); RecordReaderImpl rows = (RecordReaderImpl) r.rows()) {
            return rows.readStripeFooter(r.getStripes().get(stripe));
        }
    }

    /** The stream of {@code kind} of column id {@code column} in a stripe: streams follow one another from the stripe's start. */
    static Span stream(Path file, int stripe, int column, OrcProto.Stream.Kind kind) throws IOException {
        long offset;
        try (Reader r = open(file)) {
            offset = r.getStripes().get(stripe).getOffset();
        }
        for (OrcProto.Stream s : stripeFooter(file, stripe).getStreamsList()) {
            if (s.getColumn() == column && s.getKind() == kind) {
                return new Span(offset, s.getLength());
            }
            offset += s.getLength();
        }
        throw new IllegalArgumentException("no " + kind + " stream of column " + column + " in stripe " + stripe);
    }

    /** A stripe's footer, after its index and data. */
    static Span stripeFooterBytes(Path file, int stripe) throws IOException {
        try (Reader r = open(file)) {
            StripeInformation s = r.getStripes().get(stripe);
            return new Span(s.getOffset() + s.getIndexLength() + s.getDataLength(), s.getFooterLength());
        }
    }

    /** The file footer, before the postscript and its one-byte length at the end of the file. */
    static Span fileFooter(Path file) throws IOException {
        try (Reader r = open(file)) {
            OrcProto.FileTail tail = r.getFileTail();
            long footer = tail.getPostscript().getFooterLength();
            return new Span(tail.getFileLength() - 1 - tail.getPostscriptLength() - footer, footer);
        }
    }
}
