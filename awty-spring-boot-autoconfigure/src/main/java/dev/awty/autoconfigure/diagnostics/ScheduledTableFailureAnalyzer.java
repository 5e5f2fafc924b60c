package dev.awty.autoconfigure.diagnostics;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

import dev.awty.ScheduledTableException;

/**
 * Explains a scheduled table that is missing or incomplete, and prints the changeSet that fixes it followed by the
 * same fix in SQL for the detected database, for services that keep their schema with Flyway or their own DDL.
 */
public final class ScheduledTableFailureAnalyzer extends AbstractFailureAnalyzer<ScheduledTableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ScheduledTableException cause) {
		String where = cause.getDatabase().isEmpty() ? "" : " in " + cause.getDatabase();
		String description = "The table '" + cause.getTable() + "' of awty event type '" + cause.getTypeName()
				+ "'" + where + " cannot be used:\n  - " + String.join("\n  - ", cause.getProblems());
		String action = cause.getSql().isEmpty()
				? "Add this changeSet to your Liquibase changelog (or the equivalent DDL), then restart:\n\n"
						+ cause.getChangeSet()
				: "Add this changeSet to your Liquibase changelog, then restart:\n\n" + cause.getChangeSet()
						+ "\n\nOr, with Flyway or your own DDL, run this SQL:\n\n" + cause.getSql();
		return new FailureAnalysis(description, action, cause);
	}

}
