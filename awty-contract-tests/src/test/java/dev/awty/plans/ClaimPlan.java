package dev.awty.plans;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Explains a claim of due rows with the parameters a poller binds: nothing claimed ahead, a lease of 30 s.
 */
final class ClaimPlan {

	private ClaimPlan() {
	}

	/**
	 * @param explain the EXPLAIN with its options, such as {@code "EXPLAIN (ANALYZE, COSTS OFF) "}
	 * @return the plan's lines, one text
	 */
	static String explain(JdbcClient jdbc, String explain, String claim, int limit) {
		return String.join("\n", jdbc.sql(explain + claim)
			.param("claimer", "me")
			.param("leaseMillis", 30_000)
			.param("aheadMillis", 0)
			.param("limit", limit)
			.query(String.class)
			.list());
	}

}
