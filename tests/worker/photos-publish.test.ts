import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { latestPublishedContent } from "../../worker/features/content/service";
import { send } from "./admin-support";
import { saveSection } from "./content-support";
import { photoStudio, picture, type UploadAnswer, upload } from "./photos-support";

const cookieOf = photoStudio();

/** Saves the first piece with `image` as a draft, then asks to publish it. */
async function publishFirstPieceWith(image: UploadAnswer["image"]) {
  const live = await latestPublishedContent(env.DB);
  if (!live) throw new Error("nothing published");
  const [first, ...rest] = live.content.portfolio;
  if (!first) throw new Error("no portfolio");
  expect((await saveSection(cookieOf(), "portfolio", [{ ...first, image }, ...rest])).status).toBe(200);
  return {
    before: live.version,
    response: await send("POST", "/api/admin/content/publish", cookieOf(), { baseVersion: live.version }),
  };
}

describe("publishing a photo", () => {
  it("publishes a piece whose photo was uploaded here", async () => {
    const answer = await upload(cookieOf(), await picture(800, 600, "jpeg"), "piece.jpg");
    expect(answer.status).toBe(201);
    const { image } = (await answer.json()) as UploadAnswer;
    const { response } = await publishFirstPieceWith(image);
    expect(response.status).toBe(201);
  });

  it("refuses a piece whose photo the studio does not have, at that piece's image, and publishes nothing", async () => {
    const image = {
      source: "upload" as const,
      key: "uploads/7c1d2e3f-0000-4000-8000-000000000000",
      placeholder: "data:image/webp;base64,UklGRjIAAABXRUJQVlA4ICYAAAA=",
      width: 800,
      height: 600,
    };
    const { before, response } = await publishFirstPieceWith(image);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields?: Record<string, string> } };
    expect(body.error.code).toBe("validation");
    expect(body.error.fields?.["portfolio.0.image"]).toMatch(/not in the studio's uploads/);
    expect((await latestPublishedContent(env.DB))?.version).toBe(before);
  });
});
