package dev.awty.internal.claim;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClaimTokensTests {

	@Test
	void twoProcessesGivenTheSameInstanceIdNeverHandOutTheSameTokenAndTheInstanceIdStaysReadable() {
		ClaimTokens first = new ClaimTokens("shop-1#");
		ClaimTokens second = new ClaimTokens("shop-1#");

		Set<String> tokens = new HashSet<>();
		for (int i = 0; i < 1000; i++) {
			tokens.add(first.next());
			tokens.add(second.next());
		}

		assertThat(tokens).hasSize(2000).allSatisfy((token) -> assertThat(token).matches("shop-1#[0-9a-z]+-[0-9]+"));
	}

}
