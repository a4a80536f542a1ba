package io.albis.error;

import java.util.ConcurrentModificationException;

/**
 * A commit lost a race it must not win silently: an overwrite found another commit it did not see,
 * or an append found the table overwritten or its schema changed. Nothing was published by the
 * losing job; its row groups are removed with it when it is aborted.
 */
public class CommitConflictException extends ConcurrentModificationException {
    public CommitConflictException(String message) {
        super(message);
    }
}
