package dev.awty.internal.recurring;

import java.util.List;

/**
 * Schedules claimed together under one claim token.
 */
record ClaimedSchedules(String token, List<ScheduleRow> rows) {

	static ClaimedSchedules empty() {
		return new ClaimedSchedules("", List.of());
	}

}
