/**
 * What became of a claimed row: the outcome writer that marks or deletes delivered rows, records failed attempts,
 * check-agains and guard failures, each fenced by the claim, and writes their history in the same transaction.
 */
@NullMarked
package dev.awty.internal.outcome;

import org.jspecify.annotations.NullMarked;
