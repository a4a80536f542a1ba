package io.albis.convert;

import java.io.EOFException;
import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The input of a conversion cannot be read or holds a value the target cannot take: names the
 * file and where in it (row, line, column, row group, stripe, page) the problem is, in one line.
 *
 * <p>This class is where library failures become words: {@link #describe} turns an exception of
 * parquet-java, orc-core, a codec or the JDK into a phrase without class names, and
 * {@link #corrupt} is the one shape of every "this file is damaged" message.
 */
public class ConvertInputException extends IOException {
    /** Longest library message kept in a one-line message. */
    private static final int MAX_DETAIL = 200;
    /** A qualified Java exception or error class name, with the ": " that follows it in toString(). */
    private static final Pattern THROWABLE_NAME =
            Pattern.compile("\\b(?:[a-zA-Z_$][\\w$]*\\.)*[A-Z][\\w$]*(?:Exception|Error)\\b:?\\s*");
    /** What thrift appends to its messages: the half-read struct's object name. */
    private static final Pattern THRIFT_STRUCT = Pattern.compile("\\s*Struct: .*$");

    private final String file;

    public ConvertInputException(String file, String message) {
        super(file + ": " + message);
        this.file = file;
    }

    public ConvertInputException(String file, String message, Throwable cause) {
        super(file + ": " + message, cause);
        this.file = file;
    }

    /** The input file the problem is in. */
    public String file() {
        return file;
    }

    /**
     * The input is damaged: "{@code <file>: corrupt <where>: <what>}".
     *
     * @param where where in the file, such as "in row group 2, column 'a.b', data page 3", or null when
     *              unknown
     * @param what  what is wrong there
     * @param cause the library failure that showed it, or null
     */
    /**
     * A reader library ran out of heap in {@code where}: Parquet and ORC readers size buffers by
     * lengths in the file (page headers, stream lengths) before they can check them, so this is a
     * damaged length or a page too large for the heap; the message names the file and the limit.
     */
    public static ConvertInputException outOfMemory(String file, String where, OutOfMemoryError e) {
        return new ConvertInputException(file, "reading " + where + " needs more memory than " + heap()
                + " holds: a length in the file is damaged, or a page"
                + " is too large for this heap (raise -Xmx)", e);
    }

    /** "the JVM's heap of N MiB", for messages about memory a file claims. */
    public static String heap() {
        return "the JVM's heap of " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB";
    }

    public static ConvertInputException corrupt(String file, String where, String what, Throwable cause) {
        return new ConvertInputException(file, "corrupt" + (where == null ? "" : " " + where) + ": " + what, cause);
    }

    /**
     * What went wrong in a library, in words for a one-line message: the first line of the
     * innermost message in the chain of causes, or what the JDK's errors of a reader that ran past
     * its data mean. Never a class name, so "NullPointerException" or "EOFException" do not reach
     * a user as if they were the problem.
     */
    public static String describe(Throwable e) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = e; t != null && !chain.contains(t) && chain.size() < 32; t = t.getCause()) {
            chain.add(t);
        }
        for (int i = chain.size() - 1; i >= 0; i--) {
            Throwable t = chain.get(i);
            String meaning = meaningOf(t);
            if (meaning != null) {
                return meaning;
            }
            String m = t.getMessage() == null ? ""
                    : THROWABLE_NAME.matcher(THRIFT_STRUCT.matcher(firstLine(t.getMessage())).replaceAll("")).replaceAll("").strip();
            if (!m.isEmpty()) {
                return m.length() <= MAX_DETAIL ? m : m.substring(0, MAX_DETAIL) + "…";
            }
        }
        return "the reader failed without saying why";
    }

    /** What a JDK failure type says about the data, for the types whose messages say nothing to a user. */
    private static String meaningOf(Throwable t) {
        if (t instanceof EOFException) {
            return "the data ends before what it describes does";
        }
        if (t instanceof NegativeArraySizeException || t instanceof IndexOutOfBoundsException
                || t instanceof BufferUnderflowException || t instanceof BufferOverflowException) {
            return "a length or offset points outside the data";
        }
        if (t instanceof NullPointerException) {
            return "a part the reader needs is missing";
        }
        return null;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
