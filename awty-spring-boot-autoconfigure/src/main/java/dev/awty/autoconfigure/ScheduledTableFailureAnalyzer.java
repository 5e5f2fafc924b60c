package dev.awty.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

import dev.awty.ScheduledTableException;

/**
 * Explains a scheduled table that is missing or incomplete, and prints the changeSet that fixes it.
 */
final class ScheduledTableFailureAnalyzer extends AbstractFailureAnalyzer<ScheduledTableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ScheduledTableException cause) {
		String description = "The table '" + cause.getTable() + "' of awty event type '" + cause.getTypeName()
				+ "' cannot be used:\n  - " + String.join("\n  - ", cause.getProblems());
		String action = "Add this changeSet to your Liquibase changelog (or the equivalent DDL), then restart:\n\n"
				+ cause.getChangeSet();
		return new FailureAnalysis(description, action, cause);
	}

}
