/**
 * Creates and upgrades awty's own tables at start-up with its Liquibase changelog, one instance at a time, unless
 * the application's Flyway or Liquibase owns them.
 */
@NullMarked
package dev.awty.autoconfigure.schema;

import org.jspecify.annotations.NullMarked;
