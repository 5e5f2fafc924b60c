package dev.awty.benchmarks.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A domain row of the benchmark: an album's item. */
@Entity
@Table(name = "bench_item")
public class BenchItem {

	@Id
	private Long seq;

	private Long albumId;

	protected BenchItem() {
	}

	public Long getSeq() {
		return this.seq;
	}

	public Long getAlbumId() {
		return this.albumId;
	}

}
