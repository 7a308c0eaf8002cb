-- A request's own rows now name it by a foreign key: deleting the request deletes them (ON DELETE
-- CASCADE), and its reference images lose their request (SET NULL) so that the image sweep can
-- delete their objects before their rows. SQLite adds a foreign key only by rebuilding the table.
-- D1 enforces foreign keys in every migration (PRAGMA foreign_keys cannot be turned off inside
-- its transaction), so each copy below would fail on a row whose request is already gone: those
-- rows, which the old retention sweeps would have deleted on their next run, go first.
-- consultation_requests itself is not rebuilt, so no cascade fires while the tables are copied.
DELETE FROM `aftercare_choices` WHERE `submission_id` NOT IN (SELECT `id` FROM `consultation_requests`);--> statement-breakpoint
DELETE FROM `bookings` WHERE `submission_id` NOT IN (SELECT `id` FROM `consultation_requests`);--> statement-breakpoint
DELETE FROM `deposits` WHERE `submission_id` NOT IN (SELECT `id` FROM `consultation_requests`);--> statement-breakpoint
DELETE FROM `quotes` WHERE `submission_id` NOT IN (SELECT `id` FROM `consultation_requests`);--> statement-breakpoint
DELETE FROM `request_messages` WHERE `submission_id` NOT IN (SELECT `id` FROM `consultation_requests`);--> statement-breakpoint
DELETE FROM `request_status_links` WHERE `submission_id` NOT IN (SELECT `id` FROM `consultation_requests`);--> statement-breakpoint
UPDATE `reference_images` SET `submission_id` = NULL WHERE `submission_id` IS NOT NULL AND `submission_id` NOT IN (SELECT `id` FROM `consultation_requests`);--> statement-breakpoint
-- The measurements moved to their own database (METRICS_DB); nothing reads these copies.
DROP TABLE `client_logs`;--> statement-breakpoint
DROP TABLE `site_events`;--> statement-breakpoint
DROP TABLE `web_vital_reports`;--> statement-breakpoint
CREATE TABLE `__new_aftercare_choices` (
	`submission_id` text PRIMARY KEY NOT NULL,
	`reminders_since` text,
	`reminders_stopped_at` text,
	`portfolio_allowed_at` text,
	`portfolio_withdrawn_at` text,
	`portfolio_piece_ids` text DEFAULT '[]' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_aftercare_choices`("submission_id", "reminders_since", "reminders_stopped_at", "portfolio_allowed_at", "portfolio_withdrawn_at", "portfolio_piece_ids", "updated_at") SELECT "submission_id", "reminders_since", "reminders_stopped_at", "portfolio_allowed_at", "portfolio_withdrawn_at", "portfolio_piece_ids", "updated_at" FROM `aftercare_choices`;--> statement-breakpoint
DROP TABLE `aftercare_choices`;--> statement-breakpoint
ALTER TABLE `__new_aftercare_choices` RENAME TO `aftercare_choices`;--> statement-breakpoint
CREATE TABLE `__new_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`quote_id` text NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`status` text DEFAULT 'booked' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`cancelled_at` text,
	`completed_at` text,
	`reminder_48_at` text,
	`reminder_24_at` text,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bookings_status_check" CHECK("__new_bookings"."status" IN ('booked', 'completed', 'cancelled')),
	CONSTRAINT "bookings_times_check" CHECK("__new_bookings"."ends_at" > "__new_bookings"."starts_at")
);
--> statement-breakpoint
INSERT INTO `__new_bookings`("id", "submission_id", "quote_id", "starts_at", "ends_at", "status", "created_at", "cancelled_at", "completed_at", "reminder_48_at", "reminder_24_at") SELECT "id", "submission_id", "quote_id", "starts_at", "ends_at", "status", "created_at", "cancelled_at", "completed_at", "reminder_48_at", "reminder_24_at" FROM `bookings`;--> statement-breakpoint
DROP TABLE `bookings`;--> statement-breakpoint
ALTER TABLE `__new_bookings` RENAME TO `bookings`;--> statement-breakpoint
CREATE INDEX `bookings_submission_idx` ON `bookings` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_time_idx` ON `bookings` (`status`,`starts_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_one_live_idx` ON `bookings` (`submission_id`) WHERE "bookings"."status" = 'booked';--> statement-breakpoint
CREATE TABLE `__new_deposits` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`quote_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`method` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_session_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`paid_at` text,
	`settled_at` text,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "deposits_method_check" CHECK("__new_deposits"."method" IN ('stripe', 'by-hand')),
	CONSTRAINT "deposits_status_check" CHECK("__new_deposits"."status" IN ('pending', 'paid', 'forfeited', 'half-kept', 'refunded')),
	CONSTRAINT "deposits_amount_check" CHECK("__new_deposits"."amount_cents" > 0)
);
--> statement-breakpoint
INSERT INTO `__new_deposits`("id", "submission_id", "quote_id", "amount_cents", "method", "status", "stripe_session_id", "created_at", "paid_at", "settled_at") SELECT "id", "submission_id", "quote_id", "amount_cents", "method", "status", "stripe_session_id", "created_at", "paid_at", "settled_at" FROM `deposits`;--> statement-breakpoint
DROP TABLE `deposits`;--> statement-breakpoint
ALTER TABLE `__new_deposits` RENAME TO `deposits`;--> statement-breakpoint
CREATE UNIQUE INDEX `deposits_stripe_session_idx` ON `deposits` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `deposits_submission_idx` ON `deposits` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`price_min_cents` integer NOT NULL,
	`price_max_cents` integer NOT NULL,
	`sessions` integer NOT NULL,
	`session_minutes` integer NOT NULL,
	`deposit_cents` integer NOT NULL,
	`note` text,
	`status` text DEFAULT 'sent' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`accepted_at` text,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quotes_status_check" CHECK("__new_quotes"."status" IN ('sent', 'accepted', 'withdrawn')),
	CONSTRAINT "quotes_price_check" CHECK("__new_quotes"."price_min_cents" > 0 AND "__new_quotes"."price_max_cents" >= "__new_quotes"."price_min_cents"),
	CONSTRAINT "quotes_sessions_check" CHECK("__new_quotes"."sessions" BETWEEN 1 AND 20),
	CONSTRAINT "quotes_session_minutes_check" CHECK("__new_quotes"."session_minutes" BETWEEN 30 AND 600),
	CONSTRAINT "quotes_deposit_check" CHECK("__new_quotes"."deposit_cents" > 0)
);
--> statement-breakpoint
INSERT INTO `__new_quotes`("id", "submission_id", "price_min_cents", "price_max_cents", "sessions", "session_minutes", "deposit_cents", "note", "status", "created_at", "accepted_at") SELECT "id", "submission_id", "price_min_cents", "price_max_cents", "sessions", "session_minutes", "deposit_cents", "note", "status", "created_at", "accepted_at" FROM `quotes`;--> statement-breakpoint
DROP TABLE `quotes`;--> statement-breakpoint
ALTER TABLE `__new_quotes` RENAME TO `quotes`;--> statement-breakpoint
CREATE INDEX `quotes_submission_idx` ON `quotes` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_request_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`author` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`read_at` text,
	`mail_status` text DEFAULT 'pending' NOT NULL,
	`mail_attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_error` text,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "request_messages_author_check" CHECK("__new_request_messages"."author" IN ('artist', 'client')),
	CONSTRAINT "request_messages_mail_status_check" CHECK("__new_request_messages"."mail_status" IN ('pending', 'sent', 'failed')),
	CONSTRAINT "request_messages_body_length_check" CHECK(length("__new_request_messages"."body") <= 4000)
);
--> statement-breakpoint
INSERT INTO `__new_request_messages`("id", "submission_id", "author", "body", "created_at", "read_at", "mail_status", "mail_attempts", "next_attempt_at", "last_error") SELECT "id", "submission_id", "author", "body", "created_at", "read_at", "mail_status", "mail_attempts", "next_attempt_at", "last_error" FROM `request_messages`;--> statement-breakpoint
DROP TABLE `request_messages`;--> statement-breakpoint
ALTER TABLE `__new_request_messages` RENAME TO `request_messages`;--> statement-breakpoint
CREATE INDEX `request_messages_thread_idx` ON `request_messages` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `request_messages_unread_idx` ON `request_messages` (`author`,`read_at`);--> statement-breakpoint
CREATE INDEX `request_messages_mail_due_idx` ON `request_messages` (`mail_status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `__new_reference_images` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`submission_id` text,
	`type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`attached_at` text,
	`message_id` text,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_reference_images`("id", "token_hash", "submission_id", "type", "width", "height", "created_at", "attached_at", "message_id") SELECT "id", "token_hash", "submission_id", "type", "width", "height", "created_at", "attached_at", "message_id" FROM `reference_images`;--> statement-breakpoint
DROP TABLE `reference_images`;--> statement-breakpoint
ALTER TABLE `__new_reference_images` RENAME TO `reference_images`;--> statement-breakpoint
CREATE INDEX `reference_images_submission_idx` ON `reference_images` (`submission_id`);--> statement-breakpoint
CREATE INDEX `reference_images_created_idx` ON `reference_images` (`created_at`);--> statement-breakpoint
CREATE INDEX `reference_images_message_idx` ON `reference_images` (`message_id`);--> statement-breakpoint
CREATE TABLE `__new_request_status_links` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`revoked_at` text,
	`mail_status` text DEFAULT 'pending' NOT NULL,
	`mail_attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`mail_token` text,
	`last_error` text,
	`thread_token` text,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "request_status_links_mail_status_check" CHECK("__new_request_status_links"."mail_status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
INSERT INTO `__new_request_status_links`("id", "submission_id", "token_hash", "created_at", "revoked_at", "mail_status", "mail_attempts", "next_attempt_at", "mail_token", "last_error", "thread_token") SELECT "id", "submission_id", "token_hash", "created_at", "revoked_at", "mail_status", "mail_attempts", "next_attempt_at", "mail_token", "last_error", "thread_token" FROM `request_status_links`;--> statement-breakpoint
DROP TABLE `request_status_links`;--> statement-breakpoint
ALTER TABLE `__new_request_status_links` RENAME TO `request_status_links`;--> statement-breakpoint
CREATE UNIQUE INDEX `request_status_links_token_idx` ON `request_status_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `request_status_links_submission_idx` ON `request_status_links` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `request_status_links_mail_due_idx` ON `request_status_links` (`mail_status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `request_status_links_revoked_idx` ON `request_status_links` (`revoked_at`);
