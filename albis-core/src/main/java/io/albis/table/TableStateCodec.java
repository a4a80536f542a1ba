package io.albis.table;

import io.albis.error.AlbisFormatException;
import io.albis.error.CorruptFileException;
import io.albis.error.InvalidOptionException;
import io.albis.layout.CheckedFile;
import io.albis.layout.FileHeader;
import io.albis.layout.FormatVersion;
import io.albis.layout.PartitionPath;
import io.albis.layout.TableLayout;
import io.albis.util.ByteSink;
import io.albis.util.ByteSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The bytes of a table state file and of a task manifest (docs/FORMAT.md, "Table state and
 * commits"). Both carry a list of row groups; the state adds the commit's facts before it and the
 * operation and the table's properties after it, the manifest the task and attempt before it.
 * <pre>
 * state:      header(8, kind 'T') version:i32 schemaVersion:i32 mode:u8 jobId:str commitMillis:i64 rowGroups
 *             operation:str properties                                    (operation, properties: 5.0 on)
 * manifest:   header(8, kind 'C') task:i32 attempt:i32 rowGroups
 * rowGroups = count:i32 { name:str rows:i64 partition:str }*             (partition: 5.0 on)
 * properties = count:i32 { key:str value:str }*                           (keys unique, ascending)
 * footer: crc32c:i32 "ALBE"
 * </pre>
 * A state or manifest of a format before 5.0 reads as partition {@code ""} (the table directory)
 * for every row group, no properties and its mode's operation.
 */
public final class TableStateCodec {
    /** Small files above this size are refused before anything is allocated for them. */
    public static final int MAX_BYTES = 256 << 20;
    /** The smallest encoding of one row group entry (a 1-byte name is impossible, but bounds the count). */
    private static final int MIN_ENTRY_BYTES = 2 + 8;
    /** The smallest encoding of one property (an empty key is refused, but bounds the count). */
    private static final int MIN_PROPERTY_BYTES = 2 + 2;
    /** The modes a state before 5.0 may hold: create, append, overwrite. */
    private static final int LAST_MODE_BEFORE_5 = 3;

    private TableStateCodec() {}

    public static byte[] encode(TableState s) {
        if (!s.format().equals(FormatVersion.CURRENT)) {
            throw new IllegalArgumentException("a table state of format " + s.format() + " cannot be written: writers"
                    + " write " + FormatVersion.CURRENT + " only");
        }
        TableState.requireOperation(s.operation());
        ByteSink out = new ByteSink();
        out.bytes(FileHeader.bytes(FileHeader.KIND_STATE));
        out.i32(s.version()).i32(s.schemaVersion()).u8(s.mode().code).string(s.jobId()).i64(s.commitMillis());
        entries(out, s.rowGroups());
        out.string(s.operation());
        out.i32(s.properties().size());
        for (Map.Entry<String, String> p : s.properties().entrySet()) {
            out.string(p.getKey()).string(p.getValue());
        }
        return sized(out.footer().toByteArray(), "table state " + s.version());
    }

    /** Refuses to write a file readers would refuse for its size. */
    private static byte[] sized(byte[] bytes, String what) {
        if (bytes.length > MAX_BYTES) {
            throw new InvalidOptionException(what + " would be " + bytes.length + " bytes, more than the " + MAX_BYTES
                    + " readers read: too many row groups or properties");
        }
        return bytes;
    }

    public static TableState decode(byte[] bytes, String file) throws AlbisFormatException {
        return decode(java.nio.ByteBuffer.wrap(bytes), file);
    }

    /** Decodes the table state file held from 0 to the buffer's limit. */
    public static TableState decode(java.nio.ByteBuffer bytes, String file) throws AlbisFormatException {
        CheckedFile checked = CheckedFile.open(bytes, FileHeader.KIND_STATE, file);
        ByteSource in = checked.body();
        int version = in.count("state version", Integer.MAX_VALUE);
        int schemaVersion = in.count("schema version", Integer.MAX_VALUE);
        FormatVersion format = checked.version();
        int at = in.position();
        int code = in.u8("write mode");
        WriteMode mode = WriteMode.fromCode(code);
        if (mode == null || (!format.hasPartitions() && code > LAST_MODE_BEFORE_5)) {
            throw in.corruptAt(at, "unknown write mode " + code + " (format " + format + ")");
        }
        at = in.position();
        String jobId = in.string("job id");
        if (!TableLayout.isJobId(jobId)) {
            throw in.corruptAt(at, "job id '" + jobId + "' is not 20 lower-case hex digits");
        }
        long millis = in.i64("commit time");
        List<TableState.Entry> rgs = entries(in, format);
        if (!format.hasPartitions()) {
            checked.finish("row groups");
            return new TableState(version, schemaVersion, mode, jobId, millis, rgs, mode.operation, Map.of(), format);
        }
        at = in.position();
        String operation = in.string("operation");
        String why = TableState.operationProblem(operation);
        if (why != null) {
            throw in.corruptAt(at, why);
        }
        Map<String, String> properties = properties(in);
        checked.finish("properties");
        return new TableState(version, schemaVersion, mode, jobId, millis, rgs, operation, properties, format);
    }

    private static Map<String, String> properties(ByteSource in) throws CorruptFileException {
        int n = in.count("property count", in.remaining() / MIN_PROPERTY_BYTES);
        Map<String, String> out = new LinkedHashMap<>();
        String previous = null;
        for (int i = 0; i < n; i++) {
            int at = in.position();
            String key = in.string("property key");
            String value = in.string("property value");
            String why = TableProperties.problem(key, value);
            if (why != null) {
                throw in.corruptAt(at, why);
            }
            if (previous != null && TableProperties.compareKeys(previous, key) >= 0) {
                throw in.corruptAt(at, "property '" + key + "' follows '" + previous + "': keys are unique and in"
                        + " ascending order");
            }
            out.put(key, value);
            previous = key;
        }
        return out;
    }

    /** A committed task's row groups. */
    public record Manifest(int task, int attempt, List<TableState.Entry> rowGroups) {}

    public static byte[] encode(Manifest m) {
        ByteSink out = new ByteSink();
        out.bytes(FileHeader.bytes(FileHeader.KIND_TASK));
        out.i32(m.task()).i32(m.attempt());
        entries(out, m.rowGroups());
        return sized(out.footer().toByteArray(), "the manifest of task " + m.task());
    }

    public static Manifest decodeManifest(byte[] bytes, String file) throws AlbisFormatException {
        return decodeManifest(java.nio.ByteBuffer.wrap(bytes), file);
    }

    /** Decodes the task manifest held from 0 to the buffer's limit. */
    public static Manifest decodeManifest(java.nio.ByteBuffer bytes, String file) throws AlbisFormatException {
        CheckedFile checked = CheckedFile.open(bytes, FileHeader.KIND_TASK, file);
        ByteSource in = checked.body();
        int task = in.count("task", Integer.MAX_VALUE);
        int attempt = in.count("attempt", Integer.MAX_VALUE);
        List<TableState.Entry> rgs = entries(in, checked.version());
        checked.finish("row groups");
        return new Manifest(task, attempt, rgs);
    }


    private static void entries(ByteSink out, List<TableState.Entry> rgs) {
        out.i32(rgs.size());
        for (TableState.Entry e : rgs) {
            out.string(e.name()).i64(e.rows()).string(e.partition());
        }
    }

    private static List<TableState.Entry> entries(ByteSource in, FormatVersion format) throws CorruptFileException {
        int n = in.count("row group count", in.remaining() / MIN_ENTRY_BYTES);
        List<TableState.Entry> out = new ArrayList<>(n);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < n; i++) {
            int at = in.position();
            String name = in.string("row group name");
            if (TableLayout.rowGroupJob(name) == null) {
                throw in.corruptAt(at, "row group " + i + " has the name '" + name
                        + "', which is not rg-{job}-{task}-{attempt}-{sequence}");
            }
            if (!seen.add(name)) {
                throw in.corruptAt(at, "row group " + name + " is listed twice");
            }
            long rows = in.i64("row count");
            if (rows < 1) {
                throw in.corruptAt(at, "row group " + name + " has " + rows + " rows; a listed row group has at least 1");
            }
            String partition = PartitionPath.ROOT;
            if (format.hasPartitions()) {
                int partitionAt = in.position();
                partition = in.string("partition");
                String why = PartitionPath.problem(partition);
                if (why != null) {
                    throw in.corruptAt(partitionAt, "row group " + name + " names the partition '" + partition
                            + "', which is not a partition directory: " + why);
                }
            }
            out.add(new TableState.Entry(name, rows, partition));
        }
        return out;
    }
}
