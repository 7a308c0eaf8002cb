-- Freed-slot offers (docs/decisions/039-freed-slot-offers.md): the clients who asked to hear of a
-- sooner time, the times cancellations and moves free, each offer of one (its link kept hashed),
-- and the artist's setting (offer automatically, after her approval, or not at all).
CREATE TABLE `freed_slots` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`offered_at` text,
	`expires_at` text,
	`taken_booking_id` text,
	`taken_at` text,
	`via_offer` integer,
	CONSTRAINT "freed_slots_status_check" CHECK("freed_slots"."status" IN ('new', 'awaiting', 'offered', 'closed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `freed_slots_booking_idx` ON `freed_slots` (`booking_id`);--> statement-breakpoint
CREATE INDEX `freed_slots_status_idx` ON `freed_slots` (`status`,`starts_at`);--> statement-breakpoint
CREATE INDEX `freed_slots_taken_idx` ON `freed_slots` (`taken_at`);--> statement-breakpoint
CREATE TABLE `offer_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "offer_settings_mode_check" CHECK("offer_settings"."mode" IN ('auto', 'approve', 'off'))
);
--> statement-breakpoint
CREATE TABLE `slot_alerts` (
	`submission_id` text PRIMARY KEY NOT NULL,
	`weekdays` text NOT NULL,
	`day_parts` text NOT NULL,
	`dates` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `slot_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`freed_slot_id` text NOT NULL,
	`submission_id` text NOT NULL,
	`token_hash` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`freed_slot_id`) REFERENCES `freed_slots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `slot_offers_one_idx` ON `slot_offers` (`freed_slot_id`,`submission_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `slot_offers_token_idx` ON `slot_offers` (`token_hash`);--> statement-breakpoint
CREATE INDEX `slot_offers_submission_idx` ON `slot_offers` (`submission_id`);