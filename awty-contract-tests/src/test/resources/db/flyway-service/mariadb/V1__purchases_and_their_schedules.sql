-- A service's first Flyway migration: its domain table and the scheduled tables of its two awty event types.
-- awty keeps instants in DATETIME(6) as UTC on MariaDB and MySQL.
CREATE TABLE purchase (
    id BIGINT PRIMARY KEY,
    item VARCHAR(200) NOT NULL
);

CREATE TABLE scheduled_test_purchase (
    id BIGINT AUTO_INCREMENT PRIMARY KEY,
    purchase_id BIGINT NOT NULL,
    due_at DATETIME(6) NOT NULL,
    status VARCHAR(16) NOT NULL DEFAULT 'PENDING',
    attempts INT NOT NULL DEFAULT 0,
    claimed_by VARCHAR(255),
    claimed_until DATETIME(6),
    delivered_at DATETIME(6),
    last_error VARCHAR(2000),
    version INT NOT NULL DEFAULT 1,
    created_at DATETIME(6) NOT NULL DEFAULT (UTC_TIMESTAMP(6)),
    CONSTRAINT scheduled_test_purchase_purchase FOREIGN KEY (purchase_id) REFERENCES purchase (id)
);
CREATE INDEX scheduled_test_purchase_pending_due ON scheduled_test_purchase (status, due_at);

CREATE TABLE scheduled_test_order_check (
    id BIGINT AUTO_INCREMENT PRIMARY KEY,
    order_id BIGINT NOT NULL,
    due_at DATETIME(6) NOT NULL,
    first_check_at DATETIME(6),
    check_count INT NOT NULL DEFAULT 0,
    status VARCHAR(16) NOT NULL DEFAULT 'PENDING',
    attempts INT NOT NULL DEFAULT 0,
    claimed_by VARCHAR(255),
    claimed_until DATETIME(6),
    delivered_at DATETIME(6),
    last_error VARCHAR(2000),
    version INT NOT NULL DEFAULT 1,
    created_at DATETIME(6) NOT NULL DEFAULT (UTC_TIMESTAMP(6))
);
CREATE INDEX scheduled_test_order_check_pending_due ON scheduled_test_order_check (status, due_at);
