-- The card a client keeps on file for their sessions (only Stripe ids, brand, last four and
-- expiry) and the no-show and late-cancellation fees charged to it, one per session:
-- docs/decisions/038-card-on-file.md.
CREATE TABLE `saved_cards` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`stripe_customer_id` text NOT NULL,
	`stripe_session_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_payment_method_id` text,
	`brand` text,
	`last4` text,
	`exp_month` integer,
	`exp_year` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`saved_at` text,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "saved_cards_status_check" CHECK("saved_cards"."status" IN ('pending', 'saved'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_cards_session_idx` ON `saved_cards` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `saved_cards_submission_idx` ON `saved_cards` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `session_fees` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`booking_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'charging' NOT NULL,
	`attempt` integer DEFAULT 1 NOT NULL,
	`stripe_payment_intent_id` text,
	`failure_code` text,
	`failure_message` text,
	`actor_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`charged_at` text,
	`updated_at` text,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "session_fees_kind_check" CHECK("session_fees"."kind" IN ('no-show', 'late-cancellation')),
	CONSTRAINT "session_fees_status_check" CHECK("session_fees"."status" IN ('charging', 'charged', 'failed', 'not-charged')),
	CONSTRAINT "session_fees_amount_check" CHECK("session_fees"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_fees_booking_idx` ON `session_fees` (`booking_id`);--> statement-breakpoint
CREATE INDEX `session_fees_created_idx` ON `session_fees` (`created_at`);