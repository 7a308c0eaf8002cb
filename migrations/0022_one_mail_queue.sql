-- One mail queue (docs/decisions/027-one-mail-queue.md). The INSERT ... SELECT statements are
-- written by hand: every row of the old queues moves into mail_queue before its table goes.
CREATE TABLE `mail_queue` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`topic` text DEFAULT '' NOT NULL,
	`request_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`lease_until` text,
	`last_attempt_at` text,
	`last_error` text,
	`provider` text,
	`provider_message_id` text,
	`sent_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "mail_queue_status_check" CHECK("mail_queue"."status" IN ('pending', 'sending', 'retry', 'sent', 'failed', 'stopped'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_queue_once_idx` ON `mail_queue` (`kind`,`subject_id`,`topic`);--> statement-breakpoint
CREATE INDEX `mail_queue_due_idx` ON `mail_queue` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `mail_queue_request_idx` ON `mail_queue` (`request_id`);--> statement-breakpoint
-- The notifications, every state (the inbox shows a sent one's too), under their old ids.
INSERT INTO `mail_queue` (`id`, `kind`, `subject_id`, `topic`, `request_id`, `status`, `attempts`, `next_attempt_at`, `lease_until`, `last_attempt_at`, `last_error`, `provider`, `provider_message_id`, `sent_at`, `created_at`, `updated_at`)
SELECT o.`id`, 'notification', o.`submission_id`, o.`submission_kind`,
  CASE WHEN o.`submission_kind` = 'consultation' AND EXISTS (SELECT 1 FROM `consultation_requests` c WHERE c.`id` = o.`submission_id`) THEN o.`submission_id` END,
  o.`status`, o.`attempts`, o.`next_attempt_at`, o.`lease_until`, o.`last_attempt_at`, o.`last_error`, o.`provider`, o.`provider_message_id`, o.`sent_at`, o.`created_at`, o.`updated_at`
FROM `notification_outbox` o;--> statement-breakpoint
-- A booking's e-mails, sent ones too: the queue's unique index is what queues each reminder once.
INSERT INTO `mail_queue` (`id`, `kind`, `subject_id`, `topic`, `request_id`, `status`, `attempts`, `next_attempt_at`, `last_error`, `created_at`, `updated_at`)
SELECT b.`id`, 'booking', b.`booking_id`, b.`kind`, b.`submission_id`,
  CASE WHEN b.`status` = 'pending' AND b.`attempts` > 0 THEN 'retry' ELSE b.`status` END,
  b.`attempts`, b.`next_attempt_at`, b.`last_error`, b.`created_at`, b.`created_at`
FROM `booking_mail` b WHERE EXISTS (SELECT 1 FROM `consultation_requests` c WHERE c.`id` = b.`submission_id`);--> statement-breakpoint
-- The aftercare reminders, sent ones too (each is once per session and day).
INSERT INTO `mail_queue` (`id`, `kind`, `subject_id`, `topic`, `request_id`, `status`, `attempts`, `next_attempt_at`, `last_error`, `sent_at`, `created_at`, `updated_at`)
SELECT a.`id`, 'aftercare', a.`booking_id`, CAST(a.`day` AS TEXT), a.`submission_id`,
  CASE WHEN a.`mail_status` = 'pending' AND a.`mail_attempts` > 0 THEN 'retry' ELSE a.`mail_status` END,
  a.`mail_attempts`, a.`next_attempt_at`, a.`last_error`, a.`sent_at`, a.`created_at`, a.`created_at`
FROM `aftercare_mails` a WHERE EXISTS (SELECT 1 FROM `consultation_requests` c WHERE c.`id` = a.`submission_id`);--> statement-breakpoint
DROP TABLE `notification_outbox`;--> statement-breakpoint
DROP TABLE `aftercare_mails`;--> statement-breakpoint
DROP TABLE `booking_mail`;