package dev.awty.sample;

import java.time.Clock;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import dev.awty.sample.album.Albums;
import dev.awty.sample.email.DownloadEmails;
import dev.awty.sample.purchase.PurchaseService;
import dev.awty.test.AutoConfigureAwtyTestClock;
import dev.awty.test.AwtyTestClock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The five-minute guide's flow with a movable clock: a pre-order of an album released in three days gets its download
 * email on release day, through awty's real pollers and channel, and not a day before; the test takes seconds.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
		properties = { "shop.demo=false", "spring.datasource.url=jdbc:h2:mem:shop-release-day;DB_CLOSE_DELAY=-1" })
// tag::clock[]
@AutoConfigureAwtyTestClock
class ShopReleaseDayTests {

	@Autowired
	AwtyTestClock time;
	// end::clock[]

	@Autowired
	Clock clock;

	@Autowired
	Albums albums;

	@Autowired
	PurchaseService purchases;

	@Autowired
	DownloadEmails emails;

	// tag::release-day[]
	@Test
	void preOrderGetsItsDownloadEmailOnReleaseDayAndNotBefore() throws InterruptedException {
		long album = this.albums.create("Three days away", this.clock.instant().plus(Duration.ofDays(3)));
		long purchase = this.purchases.purchase(album, "fan@example.com");

		this.time.advanceAndDeliver(Duration.ofDays(2));
		Thread.sleep(2000); // two poll intervals: a poller would have sent it by now
		assertThat(this.emails.sentForAlbum(album)).isEmpty();

		this.time.advanceAndDeliver(Duration.ofDays(1));
		assertThat(this.emails.sentForAlbum(album)).singleElement()
			.satisfies((email) -> assertThat(email).containsEntry("purchaseId", purchase)
				.containsEntry("kind", "DOWNLOAD"));
	}
	// end::release-day[]

}
