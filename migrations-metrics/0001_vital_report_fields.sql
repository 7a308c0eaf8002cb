ALTER TABLE `web_vital_reports` ADD `downlink` real;--> statement-breakpoint
ALTER TABLE `web_vital_reports` ADD `rtt` integer;--> statement-breakpoint
ALTER TABLE `web_vital_reports` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `web_vital_reports` ADD `viewport_width` integer;--> statement-breakpoint
ALTER TABLE `web_vital_reports` ADD `viewport_height` integer;--> statement-breakpoint
ALTER TABLE `web_vital_reports` ADD `referrer_host` text;--> statement-breakpoint
ALTER TABLE `web_vital_reports` ADD `entries` integer;