/**
 * The root of awty's wiring: the main auto-configuration (the database, the lock, the event types matched to their
 * handlers, their pipelines, history and tracing) and which optional modules are present; the properties, the
 * settings resolved from them and each optional feature's configuration are in its subpackages.
 */
@NullMarked
package dev.awty.autoconfigure;

import org.jspecify.annotations.NullMarked;
