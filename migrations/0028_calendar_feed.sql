-- The artist's private calendar feed: only the SHA-256 of each address's token is kept; a new
-- address revokes the one before (revoked_at), so at most one opens the feed.
CREATE TABLE `calendar_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`revoked_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_idx` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
CREATE INDEX `calendar_feeds_created_idx` ON `calendar_feeds` (`created_at`);