-- Two things the inbox would otherwise recount on every page (hand-written: triggers). For each
-- kind: how many rows each status holds, so the tabs and status chips read a few numbers instead
-- of counting every row; and a narrow copy of each row's status by rowid, so counting a search's
-- matches per status reads small rows packed together instead of each whole request. The copy
-- also holds the status as a weight: w1 = 2^(21k) for the kind's k-th status (k = 0-2, in the
-- descriptor's order), w2 the same for k = 3-5, so sum(w1) and sum(w2) over a search's matches
-- hold every status's count in 21-bit fields (up to 2,097,151 rows a status), one addition a
-- row instead of grouping. A new status needs these triggers and weights rewritten. Triggers
-- keep everything in step with the table; a worker test holds the figures equal to a recount.
CREATE TABLE `submission_status_counts` (`table_name` text NOT NULL, `status` text NOT NULL, `n` integer NOT NULL, PRIMARY KEY(`table_name`, `status`)) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `submission_status_counts` (`table_name`, `status`, `n`) SELECT 'consultation_requests', `status`, count(*) FROM `consultation_requests` GROUP BY `status`;
--> statement-breakpoint
CREATE TABLE `consultation_requests_status` (`doc` integer PRIMARY KEY NOT NULL, `status` text NOT NULL, `w1` integer NOT NULL, `w2` integer NOT NULL);
--> statement-breakpoint
INSERT INTO `consultation_requests_status` (`doc`, `status`, `w1`, `w2`) SELECT rowid, `status`, CASE `status` WHEN 'pending' THEN 1 WHEN 'contacted' THEN 2097152 WHEN 'scheduled' THEN 4398046511104 ELSE 0 END, CASE `status` WHEN 'completed' THEN 1 WHEN 'cancelled' THEN 2097152 ELSE 0 END FROM `consultation_requests`;
--> statement-breakpoint
CREATE TRIGGER `consultation_requests_status_insert` AFTER INSERT ON `consultation_requests` BEGIN
  INSERT INTO `consultation_requests_status` (`doc`, `status`, `w1`, `w2`) VALUES (new.rowid, new.status, CASE new.status WHEN 'pending' THEN 1 WHEN 'contacted' THEN 2097152 WHEN 'scheduled' THEN 4398046511104 ELSE 0 END, CASE new.status WHEN 'completed' THEN 1 WHEN 'cancelled' THEN 2097152 ELSE 0 END);
  INSERT INTO `submission_status_counts` (`table_name`, `status`, `n`) VALUES ('consultation_requests', new.status, 1) ON CONFLICT (`table_name`, `status`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `consultation_requests_status_update` AFTER UPDATE OF `status` ON `consultation_requests` WHEN old.status IS NOT new.status BEGIN
  UPDATE `consultation_requests_status` SET `status` = new.status, `w1` = CASE new.status WHEN 'pending' THEN 1 WHEN 'contacted' THEN 2097152 WHEN 'scheduled' THEN 4398046511104 ELSE 0 END, `w2` = CASE new.status WHEN 'completed' THEN 1 WHEN 'cancelled' THEN 2097152 ELSE 0 END WHERE `doc` = new.rowid;
  UPDATE `submission_status_counts` SET `n` = `n` - 1 WHERE `table_name` = 'consultation_requests' AND `status` = old.status;
  INSERT INTO `submission_status_counts` (`table_name`, `status`, `n`) VALUES ('consultation_requests', new.status, 1) ON CONFLICT (`table_name`, `status`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `consultation_requests_status_delete` AFTER DELETE ON `consultation_requests` BEGIN
  DELETE FROM `consultation_requests_status` WHERE `doc` = old.rowid;
  UPDATE `submission_status_counts` SET `n` = `n` - 1 WHERE `table_name` = 'consultation_requests' AND `status` = old.status;
END;
--> statement-breakpoint
INSERT INTO `submission_status_counts` (`table_name`, `status`, `n`) SELECT 'contact_submissions', `status`, count(*) FROM `contact_submissions` GROUP BY `status`;
--> statement-breakpoint
CREATE TABLE `contact_submissions_status` (`doc` integer PRIMARY KEY NOT NULL, `status` text NOT NULL, `w1` integer NOT NULL, `w2` integer NOT NULL);
--> statement-breakpoint
INSERT INTO `contact_submissions_status` (`doc`, `status`, `w1`, `w2`) SELECT rowid, `status`, CASE `status` WHEN 'unread' THEN 1 WHEN 'read' THEN 2097152 WHEN 'responded' THEN 4398046511104 ELSE 0 END, CASE `status` WHEN 'archived' THEN 1 ELSE 0 END FROM `contact_submissions`;
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_status_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `contact_submissions_status` (`doc`, `status`, `w1`, `w2`) VALUES (new.rowid, new.status, CASE new.status WHEN 'unread' THEN 1 WHEN 'read' THEN 2097152 WHEN 'responded' THEN 4398046511104 ELSE 0 END, CASE new.status WHEN 'archived' THEN 1 ELSE 0 END);
  INSERT INTO `submission_status_counts` (`table_name`, `status`, `n`) VALUES ('contact_submissions', new.status, 1) ON CONFLICT (`table_name`, `status`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_status_update` AFTER UPDATE OF `status` ON `contact_submissions` WHEN old.status IS NOT new.status BEGIN
  UPDATE `contact_submissions_status` SET `status` = new.status, `w1` = CASE new.status WHEN 'unread' THEN 1 WHEN 'read' THEN 2097152 WHEN 'responded' THEN 4398046511104 ELSE 0 END, `w2` = CASE new.status WHEN 'archived' THEN 1 ELSE 0 END WHERE `doc` = new.rowid;
  UPDATE `submission_status_counts` SET `n` = `n` - 1 WHERE `table_name` = 'contact_submissions' AND `status` = old.status;
  INSERT INTO `submission_status_counts` (`table_name`, `status`, `n`) VALUES ('contact_submissions', new.status, 1) ON CONFLICT (`table_name`, `status`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `contact_submissions_status_delete` AFTER DELETE ON `contact_submissions` BEGIN
  DELETE FROM `contact_submissions_status` WHERE `doc` = old.rowid;
  UPDATE `submission_status_counts` SET `n` = `n` - 1 WHERE `table_name` = 'contact_submissions' AND `status` = old.status;
END;
