/**
 * Housekeeping: deletes old history entries and old finished rows, one instance at a time.
 */
@NullMarked
package dev.awty.internal.housekeeping;

import org.jspecify.annotations.NullMarked;
