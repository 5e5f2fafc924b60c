package dev.awty.internal.selection;

import java.util.Collection;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The columns of the domain tables a selection joins, to show next to its rows: an operator who found e-mails by
 * album sees the album and customer of each. Every selection of {@link JdbcEventRepositories} has them.
 */
public interface JoinedColumns {

	/**
	 * For each of {@code rowIds} that the selection selects, the columns of every table it joins, named
	 * {@code alias.column} in lower case, in the order of the joins; empty when it joins nothing.
	 * @param rowIds at most a page of ids, such as those just listed
	 */
	Map<Long, Map<String, @Nullable Object>> joinedColumns(Collection<Long> rowIds);

}
