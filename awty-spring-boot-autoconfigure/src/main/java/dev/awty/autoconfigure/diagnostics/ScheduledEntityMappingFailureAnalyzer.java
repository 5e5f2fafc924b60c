package dev.awty.autoconfigure.diagnostics;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

import dev.awty.ScheduledEntityMappingException;

/**
 * Explains a JPA-mapped event class whose mapping disagrees with awty's table contract.
 */
public final class ScheduledEntityMappingFailureAnalyzer extends AbstractFailureAnalyzer<ScheduledEntityMappingException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ScheduledEntityMappingException cause) {
		String description = "The JPA mapping of awty event class " + cause.getEntityClass()
				+ " disagrees with awty's table contract: " + cause.getField() + " " + cause.getProblem() + ".";
		return new FailureAnalysis(description, cause.getFix(), cause);
	}

}
