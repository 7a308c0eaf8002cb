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
CREATE INDEX `client_logs_created_idx` ON `client_logs` (`created_at`);