/**
 * Internal to Albis: not an API. Classes here are public only because several Albis packages
 * share them; they may change or go away in any release, and code outside Albis must not use
 * them. {@link io.albis.internal.DirectMemory} reads memory by address without bounds checks:
 * its callers in Albis check every range first (the row codec in {@code io.albis.row} checks
 * each row, the scan each run).
 */
package io.albis.internal;
