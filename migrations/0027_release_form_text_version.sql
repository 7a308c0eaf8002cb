-- A fingerprint of the release form's text as signed, so a session the client moves keeps its
-- signed form while the studio's form is unchanged, and a changed form is asked again with the
-- reason. Forms signed before this column hold null and are asked again after a move.
ALTER TABLE `release_forms` ADD `text_version` text;
