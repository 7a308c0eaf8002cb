CREATE TABLE `booking_mail` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`submission_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "booking_mail_kind_check" CHECK("booking_mail"."kind" IN ('confirmation', 'reminder-48', 'reminder-24', 'cancelled', 'artist-booked', 'artist-cancelled')),
	CONSTRAINT "booking_mail_status_check" CHECK("booking_mail"."status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_mail_once_idx` ON `booking_mail` (`booking_id`,`kind`);--> statement-breakpoint
CREATE INDEX `booking_mail_due_idx` ON `booking_mail` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `booking_mail_submission_idx` ON `booking_mail` (`submission_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_one_live_idx` ON `bookings` (`submission_id`) WHERE "bookings"."status" = 'booked';