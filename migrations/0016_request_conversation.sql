CREATE TABLE `reply_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `request_messages` (
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
	CONSTRAINT "request_messages_author_check" CHECK("request_messages"."author" IN ('artist', 'client')),
	CONSTRAINT "request_messages_mail_status_check" CHECK("request_messages"."mail_status" IN ('pending', 'sent', 'failed')),
	CONSTRAINT "request_messages_body_length_check" CHECK(length("request_messages"."body") <= 4000)
);
--> statement-breakpoint
CREATE INDEX `request_messages_thread_idx` ON `request_messages` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `request_messages_unread_idx` ON `request_messages` (`author`,`read_at`);--> statement-breakpoint
CREATE INDEX `request_messages_mail_due_idx` ON `request_messages` (`mail_status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `reference_images` ADD `message_id` text;--> statement-breakpoint
CREATE INDEX `reference_images_message_idx` ON `reference_images` (`message_id`);--> statement-breakpoint
ALTER TABLE `request_status_links` ADD `thread_token` text;