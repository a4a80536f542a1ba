package io.albis.write;

/**
 * A job's commit: the table state it published (or found published by an earlier call of the same
 * commit), and what the job added.
 */
public record CommitResult(int stateVersion, int rowGroups, long rows) implements java.io.Serializable {}
