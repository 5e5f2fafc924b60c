package dev.awty.autoconfigure.diagnostics;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

import dev.awty.UnsupportedDatabaseVersionException;

/**
 * Explains that the application's database is older than the oldest version awty supports.
 */
public final class UnsupportedDatabaseVersionFailureAnalyzer
		extends AbstractFailureAnalyzer<UnsupportedDatabaseVersionException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnsupportedDatabaseVersionException cause) {
		String description = "awty needs " + cause.getProductName() + " " + cause.getMinimum()
				+ " or later, but the application's DataSource is " + cause.getProductName() + " " + cause.getVersion()
				+ ". Older versions cannot skip locked rows (FOR UPDATE SKIP LOCKED), which awty's claims rely on.";
		String action = "Upgrade the database to " + cause.getProductName() + " " + cause.getMinimum()
				+ " or later, or set awty.enabled=false to switch awty off.";
		return new FailureAnalysis(description, action, cause);
	}

}
