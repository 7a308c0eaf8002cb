-- Text reminders (docs/decisions/035-text-reminders.md): a client's opt-in with its confirmed
-- number, the studio's text settings, and every text in or out (the outbox and the artist's log).
CREATE TABLE `text_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text,
	`direction` text NOT NULL,
	`kind` text NOT NULL,
	`topic` text,
	`phone_last4` text NOT NULL,
	`body` text,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`send_at` text NOT NULL,
	`lease_until` text,
	`provider_sid` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "text_messages_status_check" CHECK("text_messages"."status" IN ('queued', 'retry', 'sending', 'sent', 'failed', 'dropped', 'received')),
	CONSTRAINT "text_messages_direction_check" CHECK("text_messages"."direction" IN ('out', 'in'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `text_messages_sid_idx` ON `text_messages` (`provider_sid`);--> statement-breakpoint
CREATE UNIQUE INDEX `text_messages_topic_idx` ON `text_messages` (`topic`);--> statement-breakpoint
CREATE INDEX `text_messages_due_idx` ON `text_messages` (`status`,`send_at`);--> statement-breakpoint
CREATE INDEX `text_messages_request_idx` ON `text_messages` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `text_messages_created_idx` ON `text_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `text_opt_ins` (
	`submission_id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`code_hash` text,
	`code_expires_at` text,
	`code_attempts` integer DEFAULT 0 NOT NULL,
	`codes_sent` integer DEFAULT 0 NOT NULL,
	`codes_window_start` text,
	`confirmed_at` text,
	`off_reason` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "text_opt_ins_status_check" CHECK("text_opt_ins"."status" IN ('pending', 'on', 'off'))
);
--> statement-breakpoint
CREATE INDEX `text_opt_ins_phone_idx` ON `text_opt_ins` (`phone`);--> statement-breakpoint
CREATE TABLE `text_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`reminder_hours` text NOT NULL,
	`quiet_from` text NOT NULL,
	`quiet_until` text NOT NULL,
	`templates` text NOT NULL,
	`updated_at` text NOT NULL
);
