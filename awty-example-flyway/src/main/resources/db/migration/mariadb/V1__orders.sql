-- The service's domain table.
CREATE TABLE shop_order (
    id BIGINT AUTO_INCREMENT PRIMARY KEY,
    customer VARCHAR(200) NOT NULL,
    shipped BOOLEAN NOT NULL DEFAULT FALSE
);

-- Its scheduled table: the key of the order each check is about and awty's base columns. awty keeps instants
-- as UTC in DATETIME(6) on MariaDB and MySQL.
CREATE TABLE scheduled_unshipped_order (
    id BIGINT AUTO_INCREMENT PRIMARY KEY,
    order_id BIGINT NOT NULL,
    due_at DATETIME(6) NOT NULL,
    -- a handler may check again: when the first check was and how many there were
    first_check_at DATETIME(6),
    check_count INT NOT NULL DEFAULT 0,
    status VARCHAR(16) NOT NULL DEFAULT 'PENDING',
    attempts INT NOT NULL DEFAULT 0,
    claimed_by VARCHAR(255),
    claimed_until DATETIME(6),
    delivered_at DATETIME(6),
    last_error VARCHAR(2000),
    version INT NOT NULL DEFAULT 1,
    created_at DATETIME(6) NOT NULL DEFAULT (UTC_TIMESTAMP(6)),
    CONSTRAINT scheduled_unshipped_order_order FOREIGN KEY (order_id) REFERENCES shop_order (id) ON DELETE CASCADE
);

-- Keeps the due query proportional to the batch, not the table.
CREATE INDEX scheduled_unshipped_order_pending_due ON scheduled_unshipped_order (status, due_at);
