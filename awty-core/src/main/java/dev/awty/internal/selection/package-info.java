/**
 * Repositories over a type's rows: the {@code Selection} behind {@code EventRepositories}, its SQL, and the history entries of the rows it cancels.
 */
@NullMarked
package dev.awty.internal.selection;

import org.jspecify.annotations.NullMarked;
