/**
 * Auto-configuration of awty: properties, schema initialization, failure analyzers and wiring.
 */
@NullMarked
package dev.awty.autoconfigure;

import org.jspecify.annotations.NullMarked;
