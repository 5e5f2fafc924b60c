/**
 * The optional REST endpoints of recurring schedules under {@code /awty/schedules}.
 */
@NullMarked
package dev.awty.internal.recurring.web;

import org.jspecify.annotations.NullMarked;
