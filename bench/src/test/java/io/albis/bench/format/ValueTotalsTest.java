package io.albis.bench.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.scan.ScanResult;
import io.albis.scan.ValueChecksum;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ValueTotalsTest {

    @Test
    void droppedRowsLeaveNoTrace() {
        ValueTotals t = new ValueTotals();
        t.addInt(5);
        t.addNull();
        t.endRow();
        t.addLong(100);
        t.addNull();
        t.dropRow();
        ScanResult r = t.result();
        assertEquals(1, r.rows());
        assertEquals(4, r.logicalBytes());
        assertEquals(1, r.nulls());
        assertEquals(5 + ValueChecksum.NULL_WEIGHT, r.checksum());
    }

    @Test
    void bytesCountTheSameFromArraysAndDirectBuffers() {
        byte[] b = new byte[13];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * 37 + 1);
        }
        ValueTotals fromArray = new ValueTotals();
        fromArray.addBytes(b, 0, b.length);
        fromArray.endRow();
        ByteBuffer direct = ByteBuffer.allocateDirect(20);
        direct.position(3);
        direct.put(b);
        direct.position(3).limit(3 + b.length);
        ValueTotals fromBuffer = new ValueTotals();
        fromBuffer.addBytes(direct);
        fromBuffer.endRow();
        assertEquals(fromArray.result(), fromBuffer.result());
        assertEquals(ValueChecksum.ofBytes(b, 0, b.length), fromArray.result().checksum());
        assertEquals(3, direct.position());
    }
}
