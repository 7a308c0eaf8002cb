CREATE TABLE `procedure_records` (
	`id` text PRIMARY KEY NOT NULL,
	`release_form_id` text NOT NULL,
	`procedure_date` text NOT NULL,
	`ciphertext` text NOT NULL,
	`iv` text NOT NULL,
	`key_version` text NOT NULL,
	`created_at` text NOT NULL,
	`delete_after` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `procedure_records_form_idx` ON `procedure_records` (`release_form_id`);--> statement-breakpoint
CREATE INDEX `procedure_records_date_idx` ON `procedure_records` (`procedure_date`);--> statement-breakpoint
CREATE INDEX `procedure_records_delete_idx` ON `procedure_records` (`delete_after`);--> statement-breakpoint
CREATE TABLE `release_forms` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`booking_id` text NOT NULL,
	`ciphertext` text NOT NULL,
	`iv` text NOT NULL,
	`key_version` text NOT NULL,
	`signed_at` text NOT NULL,
	`delete_after` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `release_forms_booking_idx` ON `release_forms` (`booking_id`);--> statement-breakpoint
CREATE INDEX `release_forms_submission_idx` ON `release_forms` (`submission_id`);--> statement-breakpoint
CREATE INDEX `release_forms_delete_idx` ON `release_forms` (`delete_after`);