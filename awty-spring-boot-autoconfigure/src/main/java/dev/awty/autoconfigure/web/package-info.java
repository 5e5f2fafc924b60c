/**
 * The dashboard and the REST API of recurring schedules (the {@code awty-web} module) in a servlet web application.
 */
@NullMarked
package dev.awty.autoconfigure.web;

import org.jspecify.annotations.NullMarked;
