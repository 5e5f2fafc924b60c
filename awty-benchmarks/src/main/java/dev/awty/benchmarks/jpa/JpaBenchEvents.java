package dev.awty.benchmarks.jpa;

import org.springframework.data.jpa.domain.Specification;
import org.springframework.data.jpa.repository.JpaRepository;

import dev.awty.jpa.ScheduledEvents;

/** The repository a JPA service declares, with awty's fragment. */
public interface JpaBenchEvents extends JpaRepository<JpaBenchEvent, Long>, ScheduledEvents<JpaBenchEvent> {

	/** The rows of one album's items, by a join. */
	static Specification<JpaBenchEvent> ofAlbum(long albumId) {
		return (event, query, cb) -> cb.equal(event.join("item").get("albumId"), albumId);
	}

}
