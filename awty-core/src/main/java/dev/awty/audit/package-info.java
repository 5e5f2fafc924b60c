/**
 * The audit of operator actions in {@code awty_audit}: who paused, resumed, retried, delivered now, cancelled, fired
 * or changed what, when, and how many rows it changed.
 */
@NullMarked
package dev.awty.audit;

import org.jspecify.annotations.NullMarked;
