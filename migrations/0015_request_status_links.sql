CREATE TABLE `reply_digests` (
	`day` text PRIMARY KEY NOT NULL,
	`overdue` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`mail_status` text DEFAULT 'pending' NOT NULL,
	`mail_attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `request_status_links` (
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
	CONSTRAINT "request_status_links_mail_status_check" CHECK("request_status_links"."mail_status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `request_status_links_token_idx` ON `request_status_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `request_status_links_submission_idx` ON `request_status_links` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `request_status_links_mail_due_idx` ON `request_status_links` (`mail_status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `request_status_links_revoked_idx` ON `request_status_links` (`revoked_at`);