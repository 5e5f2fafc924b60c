package dev.awty.internal.claim;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DueFloorTests {

	private static final Instant DATABASE_NOW = Instant.parse("2026-03-01T10:00:00Z");

	private final DueFloor floor = new DueFloor(Duration.ofSeconds(1), Duration.ofHours(1));

	@Test
	void theFirstLockLooksAtEveryDueRow() {
		assertThat(this.floor.look(false).sweeps()).isTrue();
	}

	@Test
	void aLockThatTookEveryDueRowLetsTheNextStartAMarginBeforeIt() {
		this.floor.locked(this.floor.look(false), true, DATABASE_NOW);

		DueFloor.Look next = this.floor.look(false);
		assertThat(next.sweeps()).isFalse();
		assertThat(next.floorAgoMillis()).isBetween(1_000L, 60_000L);
	}

	@Test
	void aLockThatFoundAsManyRowsAsItAskedForSetsNoFloor() {
		this.floor.locked(this.floor.look(false), false, DATABASE_NOW);

		assertThat(this.floor.look(false).sweeps()).isTrue();
	}

	@Test
	void rowsGivenBackMakeTheNextLockLookAtEveryDueRow() {
		this.floor.locked(this.floor.look(false), true, DATABASE_NOW);

		this.floor.forget();

		assertThat(this.floor.look(false).sweeps()).isTrue();
	}

	@Test
	void aLockThatStartedBeforeRowsWereGivenBackSetsNoFloor() {
		DueFloor.Look started = this.floor.look(false);
		this.floor.forget();

		this.floor.locked(started, true, DATABASE_NOW);

		assertThat(this.floor.look(false).sweeps()).isTrue();
	}

	@Test
	void aLockAskedToSweepLooksAtEveryDueRowAndMovesTheFloor() {
		this.floor.locked(this.floor.look(false), true, DATABASE_NOW);

		DueFloor.Look sweep = this.floor.look(true);
		assertThat(sweep.sweeps()).isTrue();
		this.floor.locked(sweep, true, DATABASE_NOW.plusSeconds(1));

		assertThat(this.floor.look(false).sweeps()).isFalse();
	}

	@Test
	void aRowScheduledBelowTheFloorLowersIt() {
		this.floor.locked(this.floor.look(false), true, DATABASE_NOW);

		this.floor.rowDue(DATABASE_NOW.minusSeconds(2));

		assertThat(this.floor.look(false).sweeps()).isTrue();
	}

	@Test
	void aRowScheduledAboveTheFloorLeavesIt() {
		this.floor.locked(this.floor.look(false), true, DATABASE_NOW);

		this.floor.rowDue(DATABASE_NOW.minusMillis(500));

		assertThat(this.floor.look(false).sweeps()).isFalse();
	}

	@Test
	void aLockFromTheFloorMovesItOnlyOnceAFloorIsSet() {
		DueFloor.Look fromFloor = new DueFloor.Look(System.nanoTime(), 0, 5);

		this.floor.locked(fromFloor, true, DATABASE_NOW);

		assertThat(this.floor.look(false).sweeps()).isTrue();
	}

	@Test
	void locksLookAtEveryDueRowOnceTheSweepIntervalHasPassed() throws InterruptedException {
		DueFloor sweepingOften = new DueFloor(Duration.ofSeconds(1), Duration.ofMillis(50));
		sweepingOften.locked(sweepingOften.look(false), true, DATABASE_NOW);
		DueFloor.Look fromFloor = sweepingOften.look(false);
		assertThat(fromFloor.sweeps()).isFalse();
		// A lock from the floor that took every row above it moves the floor, not the sweep.
		sweepingOften.locked(fromFloor, true, DATABASE_NOW.plusMillis(10));

		Thread.sleep(60);

		assertThat(sweepingOften.look(false).sweeps()).isTrue();
	}

}
