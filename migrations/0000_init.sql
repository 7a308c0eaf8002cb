CREATE TABLE `admins` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'admin' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "admins_role_check" CHECK("admins"."role" IN ('admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_email_unique` ON `admins` (`email`);--> statement-breakpoint
CREATE TABLE `consultation_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`tattoo_idea` text NOT NULL,
	`size` text,
	`placement` text,
	`timeframe` text,
	`experience` text,
	`budget` text,
	`availability` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`admin_notes` text,
	CONSTRAINT "consultation_requests_status_check" CHECK("consultation_requests"."status" IN ('pending', 'contacted', 'scheduled', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `consultation_requests_status_created_idx` ON `consultation_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `consultation_requests_created_idx` ON `consultation_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `contact_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`service_interest` text,
	`message` text NOT NULL,
	`newsletter_signup` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'unread' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`admin_notes` text,
	`responded_at` text,
	`responded_by` text,
	CONSTRAINT "contact_submissions_status_check" CHECK("contact_submissions"."status" IN ('unread', 'read', 'responded', 'archived')),
	CONSTRAINT "contact_submissions_newsletter_check" CHECK("contact_submissions"."newsletter_signup" IN (0, 1))
);
--> statement-breakpoint
CREATE INDEX `contact_submissions_status_created_idx` ON `contact_submissions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_submissions_created_idx` ON `contact_submissions` (`created_at`);