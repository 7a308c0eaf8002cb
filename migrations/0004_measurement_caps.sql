CREATE TABLE `measurement_quotas` (
	`key` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `measurement_quotas_day_idx` ON `measurement_quotas` (`day`);--> statement-breakpoint
CREATE INDEX `site_events_session_idx` ON `site_events` (`session_id`,`type`);--> statement-breakpoint
CREATE INDEX `web_vital_reports_session_idx` ON `web_vital_reports` (`session_id`,`path`);