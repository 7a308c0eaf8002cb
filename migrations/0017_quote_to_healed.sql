CREATE TABLE `blocked_dates` (
	`date` text PRIMARY KEY NOT NULL,
	`note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `bookings` (
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
	CONSTRAINT "bookings_status_check" CHECK("bookings"."status" IN ('booked', 'completed', 'cancelled')),
	CONSTRAINT "bookings_times_check" CHECK("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
CREATE INDEX `bookings_submission_idx` ON `bookings` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_time_idx` ON `bookings` (`status`,`starts_at`);--> statement-breakpoint
CREATE TABLE `deposits` (
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
	CONSTRAINT "deposits_method_check" CHECK("deposits"."method" IN ('stripe', 'by-hand')),
	CONSTRAINT "deposits_status_check" CHECK("deposits"."status" IN ('pending', 'paid', 'forfeited', 'half-kept', 'refunded')),
	CONSTRAINT "deposits_amount_check" CHECK("deposits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deposits_stripe_session_idx` ON `deposits` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `deposits_submission_idx` ON `deposits` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `quotes` (
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
	CONSTRAINT "quotes_status_check" CHECK("quotes"."status" IN ('sent', 'accepted', 'withdrawn')),
	CONSTRAINT "quotes_price_check" CHECK("quotes"."price_min_cents" > 0 AND "quotes"."price_max_cents" >= "quotes"."price_min_cents"),
	CONSTRAINT "quotes_sessions_check" CHECK("quotes"."sessions" BETWEEN 1 AND 20),
	CONSTRAINT "quotes_session_minutes_check" CHECK("quotes"."session_minutes" BETWEEN 30 AND 600),
	CONSTRAINT "quotes_deposit_check" CHECK("quotes"."deposit_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `quotes_submission_idx` ON `quotes` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
