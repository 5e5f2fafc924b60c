/**
 * Spring contexts for the tests: awty's auto-configuration on a test database with the consumers, broker bridges and
 * handlers of the test events ({@code dev.awty.testing.events}).
 */
@NullMarked
package dev.awty.testing.context;

import org.jspecify.annotations.NullMarked;
