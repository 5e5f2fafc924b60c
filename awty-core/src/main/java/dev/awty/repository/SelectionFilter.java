package dev.awty.repository;

import java.util.function.BiFunction;

import org.springframework.util.Assert;

import dev.awty.ScheduledEntity;

/**
 * A named way to find rows of one event type from a single value typed by an operator, e.g. "album" →
 * the pending e-mails of the purchases of that album. Declare one as a bean and the dashboard offers it in
 * its search. The SQL is fixed by the application; the operator's value must only ever be bound as a
 * parameter, never put into SQL text:
 * <pre>{@code
 * @Bean
 * SelectionFilter<ScheduledPurchase> byAlbum() {
 *     return SelectionFilter.of(ScheduledPurchase.class, "album", (selection, value) -> selection
 *         .join("purchase", "p", "p.id = e.purchase_id")
 *         .where("p.album_id = :albumId").param("albumId", Long.valueOf(value)));
 * }
 * }</pre>
 * An {@link IllegalArgumentException} (such as a {@link NumberFormatException}) thrown while applying it
 * is shown to the operator as a bad value.
 */
public interface SelectionFilter<T extends ScheduledEntity> {

	/** The event type whose rows this filter selects. */
	Class<T> type();

	/** The name shown to operators, unique per type. */
	String name();

	/** Narrows {@code selection} to the rows matching {@code value}. */
	Selection<T> apply(Selection<T> selection, String value);

	/**
	 * A filter from a function.
	 * @throws IllegalArgumentException if an argument is null or the name is empty
	 */
	static <T extends ScheduledEntity> SelectionFilter<T> of(Class<T> type, String name,
			BiFunction<Selection<T>, String, Selection<T>> filter) {
		Assert.notNull(type, "type must not be null");
		Assert.hasText(name, "name must not be empty");
		Assert.notNull(filter, "filter must not be null");
		return new SelectionFilter<>() {

			@Override
			public Class<T> type() {
				return type;
			}

			@Override
			public String name() {
				return name;
			}

			@Override
			public Selection<T> apply(Selection<T> selection, String value) {
				return filter.apply(selection, value);
			}

		};
	}

}
