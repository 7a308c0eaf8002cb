-- Who ended each cancelled session (the client, their move, or the artist), so the client's own
-- changes can be counted and limited while the artist's never count against them. Sessions
-- cancelled before this column are counted as the client's (null), which only ever errs toward
-- asking for a call.
ALTER TABLE `bookings` ADD `cancelled_by` text;