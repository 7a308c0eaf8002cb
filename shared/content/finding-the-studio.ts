import { streetName, studio, studioLandmarks } from "../studio";

/**
 * How to reach the studio, in the sentences the contact page shows under its map. They live
 * apart from the studio's facts, which every page's script carries, because only that page
 * reads them.
 */
export const findingTheStudio = {
  ...studioLandmarks,
  directions: `On ${streetName} in ${studioLandmarks.neighbourhood}, between ${studioLandmarks.highway} and the ${studioLandmarks.station}. From I-95 or the Baltimore-Washington Parkway, follow MD 198 to ${studioLandmarks.highway}, then turn onto ${streetName}.`,
  parking: `Free parking in the lot behind the building, entered from the lane beside it, and free street parking along ${streetName}.`,
  transit: `The ${studioLandmarks.station} (Camden Line) is a five-minute walk along ${streetName}.`,
  entrance: `The studio has its own street door with the gold sign; ring the bell and ${studio.artist.firstName} lets you in.`,
} as const;
