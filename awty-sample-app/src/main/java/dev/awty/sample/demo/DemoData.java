package dev.awty.sample.demo;

import java.time.Instant;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

import dev.awty.sample.ShopProperties;
import dev.awty.sample.album.Albums;
import dev.awty.sample.purchase.PurchaseService;

/**
 * With {@code shop.demo=true}, creates an album releasing a few seconds after start and some purchases of
 * it, so that a newcomer sees awty deliver the download emails in the log.
 */
@Component
@ConditionalOnBooleanProperty("shop.demo")
class DemoData implements ApplicationRunner {

	private static final Log logger = LogFactory.getLog(DemoData.class);

	private final Albums albums;

	private final PurchaseService purchases;

	private final ShopProperties properties;

	DemoData(Albums albums, PurchaseService purchases, ShopProperties properties) {
		this.albums = albums;
		this.purchases = purchases;
		this.properties = properties;
	}

	@Override
	public void run(ApplicationArguments args) {
		Instant releaseAt = Instant.now().plus(this.properties.getDemoReleaseAfter());
		long albumId = this.albums.create("Demo album", releaseAt);
		for (int i = 1; i <= this.properties.getDemoPurchases(); i++) {
			this.purchases.purchase(albumId, "fan" + i + "@example.com");
		}
		logger.info("Demo: album " + albumId + " releases at " + releaseAt + "; its " + this.properties.getDemoPurchases()
				+ " download emails will be sent then. Try GET /emails?albumId=" + albumId + " and GET /stats");
	}

}
