CREATE TABLE `admin_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_seen_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_sessions_admin_idx` ON `admin_sessions` (`admin_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` text NOT NULL,
	`admin_email` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`action` text NOT NULL,
	`from_value` text,
	`to_value` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "audit_log_entity_check" CHECK("audit_log"."entity" IN ('consultation', 'contact'))
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE TABLE `login_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_key_created_idx` ON `login_failures` (`key`,`created_at`);--> statement-breakpoint
CREATE INDEX `login_failures_created_idx` ON `login_failures` (`created_at`);--> statement-breakpoint
CREATE TABLE `site_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`experiment` text,
	`variant` text,
	`properties` text,
	`path` text,
	`session_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `site_events_experiment_idx` ON `site_events` (`experiment`,`variant`,`type`);--> statement-breakpoint
CREATE INDEX `site_events_type_created_idx` ON `site_events` (`type`,`created_at`);--> statement-breakpoint
CREATE INDEX `site_events_created_idx` ON `site_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `web_vital_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`value` real NOT NULL,
	`rating` text NOT NULL,
	`path` text NOT NULL,
	`navigation_type` text,
	`connection` text,
	`session_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "web_vital_reports_name_check" CHECK("web_vital_reports"."name" IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
	CONSTRAINT "web_vital_reports_rating_check" CHECK("web_vital_reports"."rating" IN ('good', 'needs-improvement', 'poor'))
);
--> statement-breakpoint
CREATE INDEX `web_vital_reports_path_name_created_idx` ON `web_vital_reports` (`path`,`name`,`created_at`);--> statement-breakpoint
CREATE INDEX `web_vital_reports_created_idx` ON `web_vital_reports` (`created_at`);