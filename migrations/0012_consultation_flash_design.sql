-- The flash design a consultation request asks for (its id in the published flash sheet), when
-- the visitor came from "Book this design"; null for every other request.
ALTER TABLE `consultation_requests` ADD `flash_design` text;
