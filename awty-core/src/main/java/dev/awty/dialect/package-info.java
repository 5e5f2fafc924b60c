/**
 * One dialect per supported database, its SQL split into a small class per role, and the detector that picks one from
 * the DataSource.
 */
@NullMarked
package dev.awty.dialect;

import org.jspecify.annotations.NullMarked;
