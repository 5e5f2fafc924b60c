/**
 * The audit of operator actions: the entry each action writes to {@code awty_audit} in its own transaction, who the
 * operator is, and the reads of the audit.
 */
@NullMarked
package dev.awty.internal.audit;

import org.jspecify.annotations.NullMarked;
