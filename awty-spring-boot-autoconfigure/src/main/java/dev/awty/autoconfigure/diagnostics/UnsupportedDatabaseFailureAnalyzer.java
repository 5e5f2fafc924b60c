package dev.awty.autoconfigure.diagnostics;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

import dev.awty.UnsupportedDatabaseException;
import dev.awty.dialect.DialectDetector;

/**
 * Explains that the DataSource points at a database awty has no dialect for.
 */
public final class UnsupportedDatabaseFailureAnalyzer extends AbstractFailureAnalyzer<UnsupportedDatabaseException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnsupportedDatabaseException cause) {
		String description = "awty does not support the database '" + cause.getProductName()
				+ "' of the application's DataSource. Supported databases: " + String.join(", ", cause.getSupported())
				+ ".";
		String action = "Point spring.datasource.url at a supported database, or set " + DialectDetector.FORCE_PROPERTY
				+ " to one of " + DialectDetector.supported()
				+ " if this database speaks that dialect, or set awty.enabled=false to switch awty off.";
		return new FailureAnalysis(description, action, cause);
	}

}
