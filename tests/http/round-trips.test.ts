import { describe, expect, it } from "vitest";
import { SEED_BLOG_POSTS } from "../../db/seed-data";
import { get, postForm, signIn } from "../support/http";

// At most 2 D1 round trips per page (docs/decisions/0008-one-round-trip-per-page.md). The session check (the signed-in user, from D1) and a
// page's own reads start together and share one batch, so the pages members use most take one.

const post = SEED_BLOG_POSTS.find((entry) => entry.isPublished)!;

function roundTrips(response: Response) {
  const match = /db;dur=[\d.]+;desc="(\d+) D1 round trips"/.exec(response.headers.get("Server-Timing") ?? "");
  return match ? Number(match[1]) : 0;
}

describe("D1 round trips per page", () => {
  it("signed-in pages read the user and the page's data in one round trip", async () => {
    const premium = await signIn("premium");
    const pages = [
      "/",
      "/home",
      "/madden",
      "/college?type=pro-tip",
      "/blog",
      `/blog/${post.slug}`,
      "/content/madden26-gun-bunch-quick-pass",
      "/content/madden26-gun-bunch-quick-pass/section/gun-bunch-wk",
      "/scheme/madden26-gun-bunch-quick-pass",
      // The premium demo member's install tracker: bars on cards and the scheme page, stages in the play list, 'Continue' on /home.
      "/college",
      "/content/cfb26-spread-rpo-attack",
      "/content/cfb26-spread-rpo-attack/section/gun-bunch/play/mesh",
    ];
    for (const path of pages) {
      const response = await get(path, { cookie: premium });
      expect(response.status, path).toBe(200);
      expect(roundTrips(response), path).toBe(1);
    }
    const admin = await signIn("admin");
    const dashboard = await get("/admin", { cookie: admin });
    expect(dashboard.status).toBe(200);
    expect(roundTrips(dashboard)).toBe(1);
  });

  it("the superadmin's dashboard (its extra tables need the role first) stays within two", async () => {
    const response = await get("/admin", { cookie: await signIn("superadmin") });
    expect(response.status).toBe(200);
    expect(roundTrips(response)).toBe(2);
  });

  it("a page read alongside the session check is not shown once the session is gone", async () => {
    const premium = await signIn("premium");
    expect((await postForm("/logout", {}, { cookie: premium })).status).toBe(302);
    const home = await get("/home", { cookie: premium });
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });
});
