/**
 * An event type's table, {@link dev.awty.internal.claim.EventTable}, and how its rows are claimed, held under a
 * lease and released: the claim statements, claim tokens, lease extension and the fenced writes of a claimed row.
 */
@NullMarked
package dev.awty.internal.claim;

import org.jspecify.annotations.NullMarked;
