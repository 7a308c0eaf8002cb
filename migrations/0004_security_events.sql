CREATE TABLE `security_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` text NOT NULL,
	`event` text NOT NULL,
	`detail` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`mail_status` text DEFAULT 'pending' NOT NULL,
	`mail_attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `security_events_dedupe_idx` ON `security_events` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `security_events_mail_due_idx` ON `security_events` (`mail_status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `security_events_admin_idx` ON `security_events` (`admin_id`,`created_at`);