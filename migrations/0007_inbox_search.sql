-- Full-text search of the admin inbox (hand-written: drizzle-kit does not model virtual tables).
-- Each kind gets an FTS5 index over the fields the artist remembers, kept in step with its table
-- by triggers. The index reads its text through a view that adds the phone number as bare
-- digits, so "3015550101" finds "301-555-0101"; the view is the only place that rule lives (the
-- triggers index and un-index through it, and a 'rebuild' reads it). The columns are the kind
-- descriptor's searchColumns plus phone_digits, in that order; a worker test holds them equal.
-- docs/decisions/ explains why the index is keyed by rowid and how to rebuild it.
CREATE VIEW `consultation_requests_search_source` AS SELECT rowid AS doc, name, email, phone, tattoo_idea, placement, size, admin_notes, replace(replace(replace(replace(replace(replace(coalesce(phone, ''), '-', ''), ' ', ''), '(', ''), ')', ''), '.', ''), '+', '') AS phone_digits FROM `consultation_requests`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `consultation_requests_search` USING fts5(name, email, phone, tattoo_idea, placement, size, admin_notes, phone_digits, content='consultation_requests_search_source', content_rowid='doc', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `consultation_requests_search_insert` AFTER INSERT ON `consultation_requests` BEGIN
  INSERT INTO `consultation_requests_search` (rowid, name, email, phone, tattoo_idea, placement, size, admin_notes, phone_digits) SELECT doc, name, email, phone, tattoo_idea, placement, size, admin_notes, phone_digits FROM `consultation_requests_search_source` WHERE doc = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `consultation_requests_search_delete` BEFORE DELETE ON `consultation_requests` BEGIN
  INSERT INTO `consultation_requests_search` (`consultation_requests_search`, rowid, name, email, phone, tattoo_idea, placement, size, admin_notes, phone_digits) SELECT 'delete', doc, name, email, phone, tattoo_idea, placement, size, admin_notes, phone_digits FROM `consultation_requests_search_source` WHERE doc = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `consultation_requests_search_unindex` BEFORE UPDATE OF name, email, phone, tattoo_idea, placement, size, admin_notes ON `consultation_requests` BEGIN
  INSERT INTO `consultation_requests_search` (`consultation_requests_search`, rowid, name, email, phone, tattoo_idea, placement, size, admin_notes, phone_digits) SELECT 'delete', doc, name, email, phone, tattoo_idea, placement, size, admin_notes, phone_digits FROM `consultation_requests_search_source` WHERE doc = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `consultation_requests_search_reindex` AFTER UPDATE OF name, email, phone, tattoo_idea, placement, size, admin_notes ON `consultation_requests` BEGIN
  INSERT INTO `consultation_requests_search` (rowid, name, email, phone, tattoo_idea, placement, size, admin_notes, phone_digits) SELECT doc, name, email, phone, tattoo_idea, placement, size, admin_notes, phone_digits FROM `consultation_requests_search_source` WHERE doc = new.rowid;
END;
--> statement-breakpoint
INSERT INTO `consultation_requests_search` (`consultation_requests_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIEW `contact_submissions_search_source` AS SELECT rowid AS doc, name, email, phone, service_interest, message, admin_notes, replace(replace(replace(replace(replace(replace(coalesce(phone, ''), '-', ''), ' ', ''), '(', ''), ')', ''), '.', ''), '+', '') AS phone_digits FROM `contact_submissions`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `contact_submissions_search` USING fts5(name, email, phone, service_interest, message, admin_notes, phone_digits, content='contact_submissions_search_source', content_rowid='doc', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_search_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `contact_submissions_search` (rowid, name, email, phone, service_interest, message, admin_notes, phone_digits) SELECT doc, name, email, phone, service_interest, message, admin_notes, phone_digits FROM `contact_submissions_search_source` WHERE doc = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_search_delete` BEFORE DELETE ON `contact_submissions` BEGIN
  INSERT INTO `contact_submissions_search` (`contact_submissions_search`, rowid, name, email, phone, service_interest, message, admin_notes, phone_digits) SELECT 'delete', doc, name, email, phone, service_interest, message, admin_notes, phone_digits FROM `contact_submissions_search_source` WHERE doc = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_search_unindex` BEFORE UPDATE OF name, email, phone, service_interest, message, admin_notes ON `contact_submissions` BEGIN
  INSERT INTO `contact_submissions_search` (`contact_submissions_search`, rowid, name, email, phone, service_interest, message, admin_notes, phone_digits) SELECT 'delete', doc, name, email, phone, service_interest, message, admin_notes, phone_digits FROM `contact_submissions_search_source` WHERE doc = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_search_reindex` AFTER UPDATE OF name, email, phone, service_interest, message, admin_notes ON `contact_submissions` BEGIN
  INSERT INTO `contact_submissions_search` (rowid, name, email, phone, service_interest, message, admin_notes, phone_digits) SELECT doc, name, email, phone, service_interest, message, admin_notes, phone_digits FROM `contact_submissions_search_source` WHERE doc = new.rowid;
END;
--> statement-breakpoint
INSERT INTO `contact_submissions_search` (`contact_submissions_search`) VALUES ('rebuild');
