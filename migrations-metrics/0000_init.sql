CREATE TABLE `client_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`level` text NOT NULL,
	`message` text NOT NULL,
	`path` text,
	`extras` text,
	`session_id` text,
	`client_time` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "client_logs_level_check" CHECK("client_logs"."level" IN ('debug', 'info', 'warn', 'error'))
);
--> statement-breakpoint
CREATE INDEX `client_logs_level_created_idx` ON `client_logs` (`level`,`created_at`);--> statement-breakpoint
CREATE INDEX `client_logs_created_idx` ON `client_logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `measurement_quotas` (
	`key` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `measurement_quotas_day_idx` ON `measurement_quotas` (`day`);--> statement-breakpoint
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
CREATE INDEX `site_events_session_idx` ON `site_events` (`session_id`,`type`);--> statement-breakpoint
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
CREATE INDEX `web_vital_reports_created_idx` ON `web_vital_reports` (`created_at`);--> statement-breakpoint
CREATE INDEX `web_vital_reports_session_idx` ON `web_vital_reports` (`session_id`,`path`);