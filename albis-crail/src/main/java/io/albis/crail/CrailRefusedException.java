package io.albis.crail;

import java.io.IOException;

/** The namenode answered and refused the operation (file exists, parent missing, no free blocks, ...). */
final class CrailRefusedException extends IOException {
    private static final long serialVersionUID = 1L;

    CrailRefusedException(String message, Throwable cause) {
        super(message, cause);
    }
}
