CREATE TABLE `aftercare_choices` (
	`submission_id` text PRIMARY KEY NOT NULL,
	`reminders_since` text,
	`reminders_stopped_at` text,
	`portfolio_allowed_at` text,
	`portfolio_withdrawn_at` text,
	`portfolio_piece_ids` text DEFAULT '[]' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `aftercare_mails` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`booking_id` text NOT NULL,
	`day` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`mail_status` text DEFAULT 'pending' NOT NULL,
	`mail_attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_error` text,
	`sent_at` text,
	CONSTRAINT "aftercare_mails_status_check" CHECK("aftercare_mails"."mail_status" IN ('pending', 'sent', 'failed', 'stopped'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `aftercare_mails_booking_day_idx` ON `aftercare_mails` (`booking_id`,`day`);--> statement-breakpoint
CREATE INDEX `aftercare_mails_due_idx` ON `aftercare_mails` (`mail_status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `aftercare_mails_submission_idx` ON `aftercare_mails` (`submission_id`);