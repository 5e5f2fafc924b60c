/**
 * Recurring schedules: their table and versions, creation, changes and validation, occurrences fired by hand, the
 * misfire arithmetic of occurrences and the message each one is published as.
 */
@NullMarked
package dev.awty.internal.recurring;

import org.jspecify.annotations.NullMarked;
