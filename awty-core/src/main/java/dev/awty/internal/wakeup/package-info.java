/**
 * Waking pollers early: when a row or schedule becomes due sooner than they would look, on this instance and,
 * through the database, on the others.
 */
@NullMarked
package dev.awty.internal.wakeup;

import org.jspecify.annotations.NullMarked;
