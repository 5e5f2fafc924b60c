/**
 * The statements run against scheduled tables, one {@link dev.awty.internal.jdbc.EventTable} per type.
 */
@NullMarked
package dev.awty.internal.jdbc;

import org.jspecify.annotations.NullMarked;
