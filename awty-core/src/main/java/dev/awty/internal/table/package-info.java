/**
 * An event type's table, {@link dev.awty.internal.table.EventTable}: the statements an application's calls run on it
 * (insert, find, list), and the handles of its claims and writes that the delivery side uses.
 */
@NullMarked
package dev.awty.internal.table;

import org.jspecify.annotations.NullMarked;
