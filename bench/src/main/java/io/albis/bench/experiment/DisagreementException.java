package io.albis.bench.experiment;

/** Formats returned different data for the same point: the run fails. */
public final class DisagreementException extends RuntimeException {
    public DisagreementException(String message) {
        super(message);
    }
}
