package dev.awty.internal.pipeline;

/**
 * A part of awty whose sources run on the pipeline: the event types, the recurring schedules. Each is a bean of its
 * own that the pollers add when they first start, so that every part is assembled the same way and no bean changes
 * the pollers after the fact.
 */
public interface PipelineSources {

	/** Builds this part's sources and adds them to {@code pollers}; called once, before they start. */
	void addTo(DeliveryPollers pollers);

}
