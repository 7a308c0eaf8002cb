-- A client's history: a second address merged into the first (client_aliases), and an index on
-- each inbox's address, whatever its case, so a client's rows are found without a scan.
CREATE TABLE `client_aliases` (
	`email` text PRIMARY KEY NOT NULL,
	`merged_into` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `consultation_requests_email_idx` ON `consultation_requests` (lower("email"));--> statement-breakpoint
CREATE INDEX `contact_submissions_email_idx` ON `contact_submissions` (lower("email"));