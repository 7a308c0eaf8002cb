/**
 * The inboxes' use cases as the routes call them: a page of a kind's submissions (searched,
 * filtered, in keyset order), the export's pages, and a change of status or notes.
 */
export {
  inboxCounts,
  listSubmissions,
  submissionsPage,
  submissionsPerDay,
  updateSubmission,
} from "./queries";
export { ftsQuery } from "./search-queries";
