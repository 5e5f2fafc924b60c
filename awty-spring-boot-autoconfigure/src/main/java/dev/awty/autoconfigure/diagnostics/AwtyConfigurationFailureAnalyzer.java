package dev.awty.autoconfigure.diagnostics;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

import dev.awty.AwtyConfigurationException;

/**
 * Explains an awty setting or wiring that makes no sense, with the change to make.
 */
public final class AwtyConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<AwtyConfigurationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, AwtyConfigurationException cause) {
		return new FailureAnalysis("awty is misconfigured: " + cause.getMessage(), cause.getAction(), cause);
	}

}
