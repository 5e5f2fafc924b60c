/**
 * The test kit: a movable clock for {@code @SpringBootTest}, which moves awty's "now" with it and delivers the rows
 * that fell due.
 */
@NullMarked
package dev.awty.test;

import org.jspecify.annotations.NullMarked;
