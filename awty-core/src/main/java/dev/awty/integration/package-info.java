/**
 * Publishing due rows to Spring Integration channels.
 */
@NullMarked
package dev.awty.integration;

import org.jspecify.annotations.NullMarked;
