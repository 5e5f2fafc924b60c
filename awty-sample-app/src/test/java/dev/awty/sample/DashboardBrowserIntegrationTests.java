package dev.awty.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.jdbc.core.JdbcTemplate;

import dev.awty.TypePauses;
import dev.awty.recurring.RecurringSchedules;
import dev.awty.sample.digest.Digests;
import dev.awty.testing.TestDatabases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Drives the sample shop's awty dashboard in a real headless Chromium: the types table shows the backlog, a search
 * by album shows the purchase columns it joins, cancelling a pending row and retrying a failed one change them in
 * the database; the recurring digests are paused, resumed, fired now and deleted, and a failure leads to its row's
 * timeline; the delivery of purchases is paused, its new row waits overdue, and resuming delivers it.
 * One shop and one browser serve every test. Needs Debian's
 * {@code chromium} and {@code chromium-driver}; with {@code CI=true} their absence fails the test.
 */
class DashboardBrowserIntegrationTests {

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private static ShopInstance shop;

	private static WebDriver browser;

	private static Path profile;

	@BeforeAll
	static void start() throws IOException {
		boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
		if ("true".equals(System.getenv("CI"))) {
			assertThat(installed).as("CI=true needs %s and %s: apt-get install chromium chromium-driver", CHROMIUM,
					CHROMEDRIVER).isTrue();
		}
		Assumptions.assumeTrue(installed, "Chromium is not installed (" + CHROMIUM + ", " + CHROMEDRIVER
				+ "): apt-get install chromium chromium-driver to run the browser test");
		shop = ShopInstance.start(TestDatabases.h2(), "awty.metrics.refresh=200ms");
		profile = Files.createTempDirectory("awty-chromium-");
		ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
			.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
					"--disable-background-networking", "--disable-component-update", "--disable-sync",
					"--disable-dev-shm-usage", "--window-size=1400,1000", "--user-data-dir=" + profile);
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
			.usingAnyFreePort()
			.build();
		browser = new ChromeDriver(service, options);
	}

	@AfterAll
	static void stop() throws IOException {
		if (browser != null) {
			browser.quit();
		}
		if (shop != null) {
			shop.close();
		}
		if (profile != null) {
			org.springframework.util.FileSystemUtils.deleteRecursively(profile);
		}
	}

	@Test
	void operatorSeesTheBacklogCancelsAPendingRowAndRetriesAFailedOne() throws IOException {
		JdbcTemplate jdbc = shop.bean(JdbcTemplate.class);
		// The shop is shared: another test may have sent e-mails already.
		long sentBefore = shop.stat("emailsSent");
		long released = shop.createAlbum("Out now", Instant.now().minusSeconds(1));
		for (int i = 0; i < 20; i++) {
			shop.purchase(released, "early" + i + "@example.com");
		}
		long later = shop.createAlbum("Next year", Instant.now().plus(Duration.ofDays(365)));
		long pendingPurchase = shop.purchase(later, "ada@example.com");
		shop.purchase(later, "bob@example.com");
		long failedPurchase = shop.purchase(later, "eve@example.com");
		// As if the mail relay had refused it ten times: the row gave up.
		jdbc.update("UPDATE scheduled_purchase SET status = 'FAILED', attempts = 10, due_at = CURRENT_TIMESTAMP,"
				+ " last_error = 'MessagingException: 554 relay refused' WHERE purchase_id = ?", failedPurchase);
		await().atMost(Duration.ofSeconds(15)).until(() -> shop.stat("emailsSent") == sentBefore + 20);
		long pendingRow = rowOf(jdbc, pendingPurchase);
		long failedRow = rowOf(jdbc, failedPurchase);

		browser.get("http://127.0.0.1:" + shop.port() + "/awty");
		WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(15));
		// The page refreshes its overview every 5 s from counts at most 2 s old: a count taken while the test set up
		// its rows may show for one refresh, so both figures are awaited together.
		wait.until(ExpectedConditions.and(ExpectedConditions.textToBe(cell("purchase", "pending"), "2"),
				ExpectedConditions.textToBe(cell("purchase", "failed"), "1")));
		assertThat(browser.findElement(cell("purchase", "deliveredLastHour")).getText()).isEqualTo("20");
		assertThat(browser.findElement(cell("purchase", "lagP99")).getText()).startsWith("≤");

		// The shop has two types (order checks too): the filters shown are those of the selected type.
		new Select(browser.findElement(By.id("search-type"))).selectByVisibleText("purchase");
		new Select(browser.findElement(By.id("search-filter"))).selectByVisibleText("album id");
		browser.findElement(By.id("search-value")).sendKeys(String.valueOf(later));
		browser.findElement(By.id("search")).click();
		wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#rows tbody tr"), 2));
		// The filter joins the purchase table: its columns show next to each row it found.
		assertThat(browser.findElement(By.cssSelector("#rows th[data-joined='p.customer_email']")).isDisplayed())
			.isTrue();
		assertThat(row(pendingRow).findElement(By.cssSelector("td[data-joined='p.customer_email']")).getText())
			.isEqualTo("ada@example.com");
		Files.createDirectories(Path.of("target"));
		Files.write(Path.of("target/dashboard.png"),
				((org.openqa.selenium.TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));

		row(pendingRow).findElement(By.cssSelector("button[data-action=cancel]")).click();
		wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("message"), "cancel: 1 row(s) changed"));
		assertThat(status(jdbc, pendingRow)).isEqualTo("CANCELLED");
		wait.until(ExpectedConditions.textToBe(cell("purchase", "pending"), "1"));

		new Select(browser.findElement(By.id("search-filter"))).selectByVisibleText("(none)");
		new Select(browser.findElement(By.id("search-status"))).selectByVisibleText("FAILED");
		browser.findElement(By.id("search")).click();
		wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#rows tr[data-id='" + failedRow + "']")));
		assertThat(row(failedRow).getText()).contains("554 relay refused");
		row(failedRow).findElement(By.cssSelector("button[data-action=retry]")).click();
		wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("message"), "retry: 1 row(s) changed"));

		await().atMost(Duration.ofSeconds(10)).until(() -> "DELIVERED".equals(status(jdbc, failedRow)));
		assertThat(shop.getList("/emails?albumId=" + later)).extracting((email) -> ((Number) email.get("purchaseId")).longValue())
			.containsExactly(failedPurchase);
		wait.until(ExpectedConditions.textToBe(cell("purchase", "failed"), "0"));
	}

	@Test
	void operatorPausesResumesAndDeletesDigestsAndFollowsAFailureToItsRowsTimeline() {
		RecurringSchedules schedules = shop.bean(RecurringSchedules.class);
		Digests digests = shop.bean(Digests.class);
		digests.subscribe("carol@example.com", "Europe/Berlin");
		digests.subscribe("dave@example.com", "America/New_York");
		JdbcTemplate jdbc = shop.bean(JdbcTemplate.class);
		// As the pipeline writes it when the mail relay refuses a row for the last time.
		jdbc.update("INSERT INTO awty_delivery_log (event_type, row_id, event_id, due_at, finished_at, attempts, "
				+ "check_count, outcome, error, duration_ms, instance_id) VALUES ('purchase', 991, 'purchase:991-1', "
				+ "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 10, 0, 'FAILED', 'MessagingException: 552 mailbox full', 4, "
				+ "'shop-1')");

		browser.get("http://127.0.0.1:" + shop.port() + "/awty");
		WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(15));
		String carol = "digest-carol@example.com";
		wait.until(ExpectedConditions.textToBe(scheduleCell(carol, "state"), "active"));
		assertThat(browser.findElement(scheduleCell(carol, "version")).getText()).isEqualTo("1");

		schedule(carol).findElement(By.cssSelector("button[data-schedule-action=pause]")).click();
		wait.until(ExpectedConditions.textToBe(scheduleCell(carol, "state"), "paused"));
		assertThat(browser.findElement(scheduleCell(carol, "version")).getText()).isEqualTo("2");
		assertThat(schedules.get(carol)).hasValueSatisfying((schedule) -> assertThat(schedule.enabled()).isFalse());
		schedule(carol).findElement(By.cssSelector("button[data-schedule-action=resume]")).click();
		wait.until(ExpectedConditions.textToBe(scheduleCell(carol, "state"), "active"));
		assertThat(browser.findElement(scheduleCell(carol, "version")).getText()).isEqualTo("3");
		schedule(carol).findElement(By.cssSelector("button[data-schedule-action='fire-now']")).click();
		wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("message"),
				"fired " + carol + " now as recurring:" + carol + "-now-"));
		assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM awty_delivery_log WHERE schedule_id = ? AND event_id LIKE ?"
				+ " AND outcome = 'DELIVERED' AND schedule_version = 3", Integer.class, carol,
				"recurring:" + carol + "-now-%")).isEqualTo(1);
		schedule(carol).click();
		wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("message"),
				"Next fire times of " + carol + ": "));

		String dave = "digest-dave@example.com";
		schedule(dave).findElement(By.cssSelector("button[data-schedule-action=delete]")).click();
		wait.until(ExpectedConditions.alertIsPresent()).accept();
		wait.until(ExpectedConditions
			.invisibilityOfElementLocated(By.cssSelector("#schedules tr[data-schedule='" + dave + "']")));
		assertThat(schedules.get(dave)).isEmpty();

		new Select(browser.findElement(By.id("failure-type"))).selectByVisibleText("purchase");
		browser.findElement(By.id("failure-search")).click();
		By failure = By.cssSelector("#failures tr[data-row='991']");
		wait.until(ExpectedConditions.presenceOfElementLocated(failure));
		assertThat(browser.findElement(failure).getText()).contains("552 mailbox full");
		browser.findElement(failure).click();
		wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("row-history"), "552 mailbox full"));
		assertThat(browser.findElement(By.id("row-history-id")).getText()).isEqualTo("purchase #991");
	}

	@Test
	void operatorPausesTheDeliveryOfPurchasesWhoseRowsWaitOverdueAndResumesIt() {
		TypePauses pauses = shop.bean(TypePauses.class);
		JdbcTemplate jdbc = shop.bean(JdbcTemplate.class);
		browser.get("http://127.0.0.1:" + shop.port() + "/awty");
		WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(15));
		long purchase = -1;
		try {
			By pause = By.cssSelector("#types tr[data-type='purchase'] button[data-type-action=pause]");
			wait.until(ExpectedConditions.elementToBeClickable(pause)).click();
			wait.until(ExpectedConditions.alertIsPresent()).accept();
			wait.until(ExpectedConditions.textToBePresentInElementLocated(cell("purchase", "delivery"), "paused"));
			assertThat(pauses.paused()).containsOnlyKeys("purchase");

			long sent = shop.stat("emailsSent");
			long released = shop.createAlbum("Paused release", Instant.now().minusSeconds(1));
			purchase = shop.purchase(released, "paula@example.com");
			// Shown overdue only while nothing claims it: delivering would have taken one poll interval.
			wait.until(ExpectedConditions.textToBe(cell("purchase", "overdue"), "1"));
			assertThat(shop.stat("emailsSent")).isEqualTo(sent);

			browser.findElement(By.cssSelector("#types tr[data-type='purchase'] button[data-type-action=resume]"))
				.click();
			wait.until(ExpectedConditions.textToBePresentInElementLocated(cell("purchase", "delivery"), "running"));
			await().atMost(Duration.ofSeconds(10)).until(() -> shop.stat("emailsSent") == sent + 1);
			assertThat(pauses.paused()).isEmpty();
		}
		finally {
			// The other tests share this shop: it delivers again, and counts no delivered row of this test.
			pauses.resume("purchase");
			jdbc.update("DELETE FROM scheduled_purchase WHERE purchase_id = ?", purchase);
		}
	}

	private static By scheduleCell(String id, String field) {
		return By.cssSelector("#schedules tr[data-schedule='" + id + "'] td[data-field='" + field + "']");
	}

	private static WebElement schedule(String id) {
		return browser.findElement(By.cssSelector("#schedules tr[data-schedule='" + id + "']"));
	}

	private static By cell(String type, String field) {
		return By.cssSelector("#types tr[data-type='" + type + "'] td[data-field='" + field + "']");
	}

	private static WebElement row(long id) {
		return browser.findElement(By.cssSelector("#rows tr[data-id='" + id + "']"));
	}

	private static long rowOf(JdbcTemplate jdbc, long purchaseId) {
		return jdbc.queryForObject("SELECT id FROM scheduled_purchase WHERE purchase_id = ?", Long.class, purchaseId);
	}

	private static String status(JdbcTemplate jdbc, long rowId) {
		return jdbc.queryForObject("SELECT status FROM scheduled_purchase WHERE id = ?", String.class, rowId);
	}

}
