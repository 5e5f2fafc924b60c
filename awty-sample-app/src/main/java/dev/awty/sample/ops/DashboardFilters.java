package dev.awty.sample.ops;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.awty.repository.SelectionFilter;
import dev.awty.sample.purchase.ScheduledPurchase;

/**
 * The searches the awty dashboard offers for download e-mails: by album and by customer. The SQL is
 * fixed here; the operator's value is only ever bound as a parameter.
 */
@Configuration(proxyBeanMethods = false)
class DashboardFilters {

	// tag::by-album[]
	@Bean
	SelectionFilter<ScheduledPurchase> purchasesByAlbum() {
		return SelectionFilter.of(ScheduledPurchase.class, "album id", (selection, value) -> selection
			.join("purchase", "p", "p.id = e.purchase_id")
			.where("p.album_id = :albumId")
			.param("albumId", Long.valueOf(value)));
	}
	// end::by-album[]

	@Bean
	SelectionFilter<ScheduledPurchase> purchasesByCustomer() {
		return SelectionFilter.of(ScheduledPurchase.class, "customer e-mail", (selection, value) -> selection
			.join("purchase", "p", "p.id = e.purchase_id")
			.where("p.customer_email = :email")
			.param("email", value));
	}

}
