/**
 * Extension points awty promises to keep: the SQL dialect of a database and the publisher of messages.
 */
@NullMarked
package dev.awty.spi;

import org.jspecify.annotations.NullMarked;
