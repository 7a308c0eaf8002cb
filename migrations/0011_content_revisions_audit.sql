CREATE TABLE `content_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_email` text NOT NULL,
	`action` text NOT NULL,
	`section` text,
	`revision` integer,
	`version` integer,
	`restored_from` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `content_audit_created_idx` ON `content_audit` (`created_at`);--> statement-breakpoint
ALTER TABLE `content_drafts` ADD `revision` integer DEFAULT 1 NOT NULL;