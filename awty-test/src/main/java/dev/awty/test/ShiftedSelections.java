package dev.awty.test;

import org.jspecify.annotations.Nullable;

import dev.awty.spi.DialectSelections;

/**
 * A dialect's selections with their "now" moved as {@link ShiftedNowDialect} moves it: each fragment of a statement is
 * shifted, in case a dialect compares with "now" in one; the read clause and the housekeeping switch, which say no
 * "now", are the wrapped dialect's.
 */
final class ShiftedSelections implements DialectSelections {

	private final DialectSelections selections;

	private final NowShift now;

	ShiftedSelections(DialectSelections selections, NowShift now) {
		this.selections = selections;
		this.now = now;
	}

	@Override
	public String idInSubSelect() {
		return this.now.shift(this.selections.idInSubSelect());
	}

	@Override
	public String selectedRows() {
		return this.now.shift(this.selections.selectedRows());
	}

	@Override
	public @Nullable String joinedTablesFirst() {
		return this.now.shiftNullable(this.selections.joinedTablesFirst());
	}

	@Override
	public String withJoinedTablesFirst() {
		return this.now.shift(this.selections.withJoinedTablesFirst());
	}

	@Override
	public @Nullable String insertFromUpdate() {
		return this.now.shiftNullable(this.selections.insertFromUpdate());
	}

	@Override
	public boolean deletesByIdSubSelect() {
		return this.selections.deletesByIdSubSelect();
	}

	@Override
	public String latestCommittedRead() {
		return this.selections.latestCommittedRead();
	}

}
