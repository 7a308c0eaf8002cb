DROP INDEX `consultation_requests_status_created_idx`;--> statement-breakpoint
DROP INDEX `consultation_requests_created_idx`;--> statement-breakpoint
CREATE INDEX `consultation_requests_status_created_idx` ON `consultation_requests` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `consultation_requests_created_idx` ON `consultation_requests` (`created_at`,`id`);--> statement-breakpoint
DROP INDEX `contact_submissions_status_created_idx`;--> statement-breakpoint
DROP INDEX `contact_submissions_created_idx`;--> statement-breakpoint
CREATE INDEX `contact_submissions_status_created_idx` ON `contact_submissions` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contact_submissions_created_idx` ON `contact_submissions` (`created_at`,`id`);