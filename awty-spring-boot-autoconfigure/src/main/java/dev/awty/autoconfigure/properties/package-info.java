/**
 * {@code AwtyProperties} and its groups: every {@code awty.*} property, documented for the IDE's completion.
 */
@NullMarked
package dev.awty.autoconfigure.properties;

import org.jspecify.annotations.NullMarked;
