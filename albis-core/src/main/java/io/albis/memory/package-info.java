/**
 * Memory for reads: page-aligned direct buffers lent to readers by a shared
 * {@link io.albis.memory.BufferAllocator}, counted against a limit and pooled for reuse; going
 * over the limit is a {@link io.albis.memory.MemoryLimitException}, never an
 * {@link OutOfMemoryError}. README.md beside the code explains ownership and limits.
 */
package io.albis.memory;
