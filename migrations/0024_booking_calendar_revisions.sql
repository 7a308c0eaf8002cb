-- A session moved by the client keeps its event in the client's calendar: the new booking row
-- carries the replaced one's calendar UID and one revision more (SEQUENCE), and names the session
-- it replaced. Rows from before have neither: their own id is their UID, at revision 0.
ALTER TABLE `bookings` ADD `calendar_uid` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `calendar_sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `moved_from` text;