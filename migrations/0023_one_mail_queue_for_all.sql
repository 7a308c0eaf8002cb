-- Every kind of e-mail on the one mail queue (docs/decisions/027-one-mail-queue.md, amended): the
-- waitlist's reopening e-mail, security e-mails, new-message e-mails, the reply digest and the
-- client's confirmation kept their delivery state in columns of their own tables. The INSERT ...
-- SELECT statements are written by hand: every such e-mail, whatever its state, moves into
-- mail_queue before its columns go (the thread shows a message's e-mail state, and a sent one's
-- row is what the queue knows it by). Those old loops pushed `next_attempt_at` past a lease
-- instead of a `sending` status, so a pending e-mail already tried is a retry in the queue.
-- No foreign key names request_messages or request_status_links, so rebuilding them below
-- deletes nothing else.
-- The waitlist's e-mail, one per reopening: its topic is the reopening's time (`notified_at`), so
-- a person told at one reopening who signs up again is queued again at the next.
INSERT INTO `mail_queue` (`id`, `kind`, `subject_id`, `topic`, `status`, `attempts`, `next_attempt_at`, `lease_until`, `last_error`, `sent_at`, `created_at`, `updated_at`)
SELECT lower(hex(randomblob(16))), 'waitlist', w.`id`, w.`notified_at`,
  CASE WHEN w.`mail_status` = 'pending' AND w.`mail_attempts` > 0 THEN 'retry' ELSE w.`mail_status` END, w.`mail_attempts`,
  coalesce(w.`next_attempt_at`, w.`notified_at`), w.`lease_until`, w.`last_error`, w.`sent_at`, w.`notified_at`, w.`updated_at`
FROM `waitlist_entries` w WHERE w.`mail_status` IS NOT NULL AND w.`notified_at` IS NOT NULL;--> statement-breakpoint
-- Security e-mails, the event's id their subject.
INSERT INTO `mail_queue` (`id`, `kind`, `subject_id`, `status`, `attempts`, `next_attempt_at`, `last_error`, `created_at`, `updated_at`)
SELECT lower(hex(randomblob(16))), 'security', CAST(e.`id` AS TEXT),
  CASE WHEN e.`mail_status` = 'pending' AND e.`mail_attempts` > 0 THEN 'retry' ELSE e.`mail_status` END,
  e.`mail_attempts`, e.`next_attempt_at`, e.`last_error`, e.`created_at`, e.`created_at`
FROM `security_events` e;--> statement-breakpoint
-- New-message e-mails, under the message's own id.
INSERT INTO `mail_queue` (`id`, `kind`, `subject_id`, `request_id`, `status`, `attempts`, `next_attempt_at`, `last_error`, `created_at`, `updated_at`)
SELECT m.`id`, 'message', m.`id`, m.`submission_id`,
  CASE WHEN m.`mail_status` = 'pending' AND m.`mail_attempts` > 0 THEN 'retry' ELSE m.`mail_status` END,
  m.`mail_attempts`, m.`next_attempt_at`, m.`last_error`, m.`created_at`, m.`created_at`
FROM `request_messages` m;--> statement-breakpoint
-- The confirmations and new links' e-mails, under the link's own id. A pending one is sent from
-- the link's kept token, so a live link that had only the mail copy keeps it there.
UPDATE `request_status_links` SET `thread_token` = `mail_token`
WHERE `thread_token` IS NULL AND `mail_token` IS NOT NULL AND `revoked_at` IS NULL;--> statement-breakpoint
INSERT INTO `mail_queue` (`id`, `kind`, `subject_id`, `request_id`, `status`, `attempts`, `next_attempt_at`, `last_error`, `created_at`, `updated_at`)
SELECT l.`id`, 'status-link', l.`id`, l.`submission_id`,
  CASE WHEN l.`mail_status` = 'pending' AND l.`mail_attempts` > 0 THEN 'retry' ELSE l.`mail_status` END,
  l.`mail_attempts`, l.`next_attempt_at`, l.`last_error`, l.`created_at`, l.`created_at`
FROM `request_status_links` l;--> statement-breakpoint
-- The daily reply digests, the day their subject.
INSERT INTO `mail_queue` (`id`, `kind`, `subject_id`, `status`, `attempts`, `next_attempt_at`, `last_error`, `created_at`, `updated_at`)
SELECT lower(hex(randomblob(16))), 'reply-digest', d.`day`,
  CASE WHEN d.`mail_status` = 'pending' AND d.`mail_attempts` > 0 THEN 'retry' ELSE d.`mail_status` END,
  d.`mail_attempts`, d.`next_attempt_at`, d.`last_error`, d.`created_at`, d.`created_at`
FROM `reply_digests` d;--> statement-breakpoint
CREATE TABLE `__new_request_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`author` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`read_at` text,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "request_messages_author_check" CHECK("__new_request_messages"."author" IN ('artist', 'client')),
	CONSTRAINT "request_messages_body_length_check" CHECK(length("__new_request_messages"."body") <= 4000)
);
--> statement-breakpoint
INSERT INTO `__new_request_messages`("id", "submission_id", "author", "body", "created_at", "read_at") SELECT "id", "submission_id", "author", "body", "created_at", "read_at" FROM `request_messages`;--> statement-breakpoint
DROP TABLE `request_messages`;--> statement-breakpoint
ALTER TABLE `__new_request_messages` RENAME TO `request_messages`;--> statement-breakpoint
CREATE INDEX `request_messages_thread_idx` ON `request_messages` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `request_messages_unread_idx` ON `request_messages` (`author`,`read_at`);--> statement-breakpoint
CREATE TABLE `__new_request_status_links` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`revoked_at` text,
	`thread_token` text,
	FOREIGN KEY (`submission_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_request_status_links`("id", "submission_id", "token_hash", "created_at", "revoked_at", "thread_token") SELECT "id", "submission_id", "token_hash", "created_at", "revoked_at", "thread_token" FROM `request_status_links`;--> statement-breakpoint
DROP TABLE `request_status_links`;--> statement-breakpoint
ALTER TABLE `__new_request_status_links` RENAME TO `request_status_links`;--> statement-breakpoint
CREATE UNIQUE INDEX `request_status_links_token_idx` ON `request_status_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `request_status_links_submission_idx` ON `request_status_links` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `request_status_links_revoked_idx` ON `request_status_links` (`revoked_at`);--> statement-breakpoint
DROP INDEX `security_events_mail_due_idx`;--> statement-breakpoint
ALTER TABLE `security_events` DROP COLUMN `mail_status`;--> statement-breakpoint
ALTER TABLE `security_events` DROP COLUMN `mail_attempts`;--> statement-breakpoint
ALTER TABLE `security_events` DROP COLUMN `next_attempt_at`;--> statement-breakpoint
ALTER TABLE `security_events` DROP COLUMN `last_error`;--> statement-breakpoint
DROP INDEX `waitlist_entries_mail_due_idx`;--> statement-breakpoint
ALTER TABLE `waitlist_entries` DROP COLUMN `mail_status`;--> statement-breakpoint
ALTER TABLE `waitlist_entries` DROP COLUMN `mail_attempts`;--> statement-breakpoint
ALTER TABLE `waitlist_entries` DROP COLUMN `next_attempt_at`;--> statement-breakpoint
ALTER TABLE `waitlist_entries` DROP COLUMN `lease_until`;--> statement-breakpoint
ALTER TABLE `waitlist_entries` DROP COLUMN `last_error`;--> statement-breakpoint
ALTER TABLE `waitlist_entries` DROP COLUMN `sent_at`;--> statement-breakpoint
ALTER TABLE `reply_digests` DROP COLUMN `mail_status`;--> statement-breakpoint
ALTER TABLE `reply_digests` DROP COLUMN `mail_attempts`;--> statement-breakpoint
ALTER TABLE `reply_digests` DROP COLUMN `next_attempt_at`;--> statement-breakpoint
ALTER TABLE `reply_digests` DROP COLUMN `last_error`;