-- The client's date of birth, asked when they accept a quote, so no deposit is taken from anyone
-- under the studio's minimum age. Quotes accepted before this column ask for it on the payment
-- button instead. Cleared once the release form (which seals it) is signed.
ALTER TABLE `quotes` ADD `client_born_on` text;
