CREATE TABLE `reference_images` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`submission_id` text,
	`type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`attached_at` text
);
--> statement-breakpoint
CREATE INDEX `reference_images_submission_idx` ON `reference_images` (`submission_id`);--> statement-breakpoint
CREATE INDEX `reference_images_created_idx` ON `reference_images` (`created_at`);