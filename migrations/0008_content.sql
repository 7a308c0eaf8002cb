CREATE TABLE `content_drafts` (
	`section` text PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_by` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `content_versions` (
	`version` integer PRIMARY KEY NOT NULL,
	`snapshot` text NOT NULL,
	`published_at` text NOT NULL,
	`published_by` text NOT NULL,
	`note` text,
	`restored_from` integer
);
