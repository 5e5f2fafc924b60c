package dev.awty.internal.wakeup;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DueTimeSlotsTests {

	private final DueTimeSlots slots = new DueTimeSlots(Map.of("digest", Duration.ofMinutes(5)));

	@Test
	void aDueTimeInsideASlotIsRoundedUpToTheSlotsEnd() {
		assertThat(this.slots.roundUp("digest", Instant.parse("2026-03-01T10:01:00Z")))
			.isEqualTo(Instant.parse("2026-03-01T10:05:00Z"));
		assertThat(this.slots.roundUp("digest", Instant.parse("2026-03-01T10:00:00.000001Z")))
			.isEqualTo(Instant.parse("2026-03-01T10:05:00Z"));
	}

	@Test
	void aDueTimeOnABoundaryStaysWhereItIs() {
		assertThat(this.slots.roundUp("digest", Instant.parse("2026-03-01T10:05:00Z")))
			.isEqualTo(Instant.parse("2026-03-01T10:05:00Z"));
	}

	@Test
	void slotsAreCountedFromTheEpochSoDueTimesBeforeItRoundUpToo() {
		assertThat(this.slots.roundUp("digest", Instant.parse("1969-12-31T23:58:00Z")))
			.isEqualTo(Instant.parse("1970-01-01T00:00:00Z"));
	}

	@Test
	void aTypeWithoutAResolutionKeepsItsDueTimes() {
		Instant dueAt = Instant.parse("2026-03-01T10:01:02.345678Z");

		assertThat(this.slots.roundUp("purchase", dueAt)).isEqualTo(dueAt);
	}

	@Test
	void aDueTimeBeyondWhatTheDatabasesStoreIsRefusedNamingTheType() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.slots.roundUp("purchase", Instant.parse("9999-12-31T00:00:01Z")))
			.withMessage("The due time 9999-12-31T00:00:01Z of a row of type 'purchase' is after "
					+ "9999-12-31T00:00:00Z, the latest the databases store");
	}

}
