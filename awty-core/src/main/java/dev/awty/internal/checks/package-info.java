/**
 * Checks: handler types whose rows are guarded by the application's own condition, the handler invocation with its
 * time limit, and the fenced writes that record a check's state or schedule it again.
 */
@NullMarked
package dev.awty.internal.checks;

import org.jspecify.annotations.NullMarked;
