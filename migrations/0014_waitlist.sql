CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`styles` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`notified_at` text,
	`mail_status` text,
	`mail_attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`lease_until` text,
	`last_error` text,
	`sent_at` text,
	`unsubscribe_hash` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_email_idx` ON `waitlist_entries` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_unsubscribe_idx` ON `waitlist_entries` (`unsubscribe_hash`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_mail_due_idx` ON `waitlist_entries` (`mail_status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_notified_idx` ON `waitlist_entries` (`notified_at`);