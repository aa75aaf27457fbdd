import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { SEED_BLOG_POSTS, SEED_CONTENT, SEED_RATINGS, SEED_TESTIMONIALS } from "../../db/seed-data";
import { DEMO_PASSWORD } from "../../db/seed";
import { linksOf, mainOf, sectionLabelledBy, textOf } from "../support/html";
import { createMember, createSignedInMember, fromAddress, newClientAddress } from "../support/accounts";
import { cookiesFrom, get, postForm, signIn, signInWith } from "../support/http";
import { testState } from "../support/test-state";

// What the seed promises the public pages will show.
const SCHEME_TYPES = new Set(["meta-scheme", "off-meta-scheme"]);
const published = SEED_CONTENT.filter((item) => item.isPublished);
const newestFirst = <T extends { daysAgo: number }>(items: T[]) => [...items].sort((a, b) => a.daysAgo - b.daysAgo);
const latestScheme = newestFirst(published.filter((item) => SCHEME_TYPES.has(item.type)))[0];
const latestSchemeRatings = SEED_RATINGS.filter((rating) => rating.contentSlug === latestScheme.slug).map((rating) => rating.rating);
const latestPremium = (["college", "madden"] as const).map(
  (game) => newestFirst(published.filter((item) => item.game === game && item.requiredTier === "premium"))[0],
);
const publishedPosts = newestFirst(SEED_BLOG_POSTS.filter((post) => post.isPublished));
const draftPost = SEED_BLOG_POSTS.find((post) => !post.isPublished)!;
const testimonialsInOrder = [...SEED_TESTIMONIALS].sort((a, b) => a.sortOrder - b.sortOrder);

async function page(path: string, cookie?: string) {
  const response = await get(path, { cookie });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Position of a text in the page, failing when it is missing. */
function positionOf(html: string, needle: string) {
  const index = html.indexOf(needle);
  expect(index, `"${needle}" on the page`).toBeGreaterThanOrEqual(0);
  return index;
}

describe("landing page", () => {
  let visitorHtml: string;
  beforeAll(async () => {
    visitorHtml = mainOf(await page("/"));
  });

  it("shows the hero, then the latest scheme and testimonial, why us, premium breakdowns, testimonials, pricing and the blog, in that order", () => {
    const main = visitorHtml;
    const hero = linksOf(main.slice(0, main.indexOf('aria-labelledby="latest-scheme"')));
    expect(hero.find((link) => link.text === "Start Dominating Now")?.href).toBe("/subscribe");
    expect(hero.find((link) => link.text === "View College Schemes")?.href).toBe("/college");
    const order = [
      positionOf(main, ">Start Dominating Now<"),
      positionOf(main, ">Latest Pro Scheme<"),
      positionOf(main, "<figure"), // the featured testimonial beside the latest scheme
      positionOf(main, ">Why players win with us<"),
      positionOf(main, ">Latest premium breakdowns<"),
      positionOf(main, ">What Champions Are Saying<"),
      positionOf(main, "$14.95"),
      positionOf(main, ">From the Blog<"),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("shows the latest scheme with its average rating (2 decimals) and rating count", () => {
    const section = sectionLabelledBy(visitorHtml, "latest-scheme")!;
    const text = textOf(section);
    expect(text).toContain(latestScheme.title);
    const average = latestSchemeRatings.reduce((sum, value) => sum + value, 0) / latestSchemeRatings.length;
    expect(text).toContain(`${average.toFixed(2)} (${latestSchemeRatings.length} ratings)`);
    // A free scheme opens for everyone; a premium one goes to its public teaser.
    const target = latestScheme.requiredTier === "free" ? `/content/${latestScheme.slug}` : `/scheme/${latestScheme.slug}`;
    expect(linksOf(section).map((link) => link.href)).toContain(target);
  });

  it("features one of the testimonials, picked at random on each visit", async () => {
    const featured = async () => {
      const main = mainOf(await page("/"));
      const figure = main.slice(main.indexOf("<figure"), main.indexOf("</figure>"));
      const shown = SEED_TESTIMONIALS.filter((testimonial) => textOf(figure).includes(testimonial.content));
      expect(shown).toHaveLength(1);
      return shown[0].name;
    };
    const names = new Set<string>();
    for (let visit = 0; visit < 10 && names.size < 2; visit++) names.add(await featured());
    expect(names.size).toBeGreaterThan(1);
  });

  it("shows four feature cards", () => {
    const section = sectionLabelledBy(visitorHtml, "features")!;
    expect(section.match(/<h3/g)).toHaveLength(4);
    for (const title of ["Schemes, not random plays", "Video for every play", "Lab-tested answers", "Updated every week"]) {
      expect(textOf(section)).toContain(title);
    }
  });

  it("locks the latest premium preview of each game for visitors", () => {
    const section = sectionLabelledBy(visitorHtml, "previews")!;
    const text = textOf(section);
    for (const item of latestPremium) {
      expect(text).toContain(item.title);
      expect(section).not.toContain(`href="/content/${item.slug}"`);
      if (SCHEME_TYPES.has(item.type)) expect(section).toContain(`href="/scheme/${item.slug}"`);
    }
    expect(text.match(/Premium Content/g)).toHaveLength(2);
    expect(linksOf(section).filter((link) => link.text === "Unlock Premium").map((link) => link.href)).toEqual(["/subscribe", "/subscribe"]);
  });

  it("opens the premium previews for a premium member and keeps them locked for free and expired members", async () => {
    const premium = sectionLabelledBy(mainOf(await page("/", await signIn("premium"))), "previews")!;
    for (const item of latestPremium) expect(premium).toContain(`href="/content/${item.slug}"`);
    expect(textOf(premium)).not.toContain("Premium Content");
    for (const role of ["free", "expired"] as const) {
      const section = sectionLabelledBy(mainOf(await page("/", await signIn(role))), "previews")!;
      expect(textOf(section).match(/Premium Content/g), role).toHaveLength(2);
      for (const item of latestPremium) expect(section, role).not.toContain(`href="/content/${item.slug}"`);
    }
  });

  it("shows the first three testimonials by sort order under 'What Champions Are Saying'", () => {
    const section = sectionLabelledBy(visitorHtml, "champions")!;
    const text = textOf(section);
    const expected = testimonialsInOrder.slice(0, 3);
    const positions = expected.map((testimonial) => text.indexOf(testimonial.content));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const testimonial of testimonialsInOrder.slice(3)) expect(text).not.toContain(testimonial.content);
    expect(section.match(/<figure/g)).toHaveLength(3);
  });

  it("shows the prices of app/lib/pricing.ts ($14.95 a month, $125 a year)", () => {
    const text = textOf(sectionLabelledBy(visitorHtml, "pricing")!);
    expect(text).toContain("$14.95 /month");
    expect(text).toContain("$125 /year");
    expect(text).toContain("save $54");
    expect(text).not.toContain("14.99");
    // Each plan's button goes straight to that plan's checkout step.
    const hrefs = linksOf(sectionLabelledBy(visitorHtml, "pricing")!).map((link) => link.href);
    expect(hrefs).toContain("/subscribe?plan=monthly");
    expect(hrefs).toContain("/subscribe?plan=yearly");
  });

  it("shows the latest three published posts, newest first, and a link to /blog", () => {
    const section = sectionLabelledBy(visitorHtml, "blog")!;
    const hrefs = linksOf(section).map((link) => link.href);
    expect(hrefs.filter((href) => href?.startsWith("/blog/"))).toEqual(publishedPosts.slice(0, 3).map((post) => `/blog/${post.slug}`));
    expect(hrefs).toContain("/blog");
    expect(section).not.toContain(draftPost.slug);
  });

  it("shows the same sections to a signed-in member", async () => {
    const main = mainOf(await page("/", await signIn("free")));
    for (const id of ["latest-scheme", "features", "previews", "champions", "pricing", "blog"]) {
      expect(sectionLabelledBy(main, id), id).not.toBeNull();
    }
    expect(textOf(main)).toContain("Start Dominating Now");
  });
});

describe("member home (/home)", () => {
  let namelessCookie: string;
  let memberCount: number;
  beforeAll(async () => {
    // An account without a name (registration always asks for a first name), signing in with the
    // demo password.
    const { email } = await createMember({ email: `nameless-${Date.now()}@example.com`, firstName: null, lastName: null });
    const { db } = await testState();
    [{ total: memberCount }] = await db.select({ total: count() }).from(users);
    namelessCookie = await signInWith(email, DEMO_PASSWORD);
  });

  it("sends a visitor to /auth and back afterwards", async () => {
    const response = await get("/home");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fhome");
  });

  it("greets a member by first name, or 'Champion' without one", async () => {
    expect(textOf(mainOf(await page("/home", await signIn("premium"))))).toContain("Welcome Back, Jordan");
    expect(textOf(mainOf(await page("/home", await signIn("free"))))).toContain("Welcome Back, Taylor");
    expect(textOf(mainOf(await page("/home", namelessCookie)))).toContain("Welcome Back, Champion");
  });

  it("lists the member's favourites, newest first, linking to /content/{slug}", async () => {
    const section = sectionLabelledBy(mainOf(await page("/home", await signIn("premium"))), "favorites-title")!;
    // The seed gives the premium member four favourites, each one a day older than the previous.
    const expected = ["cfb26-spread-rpo-attack", "cfb26-335-tite-defense", "madden26-gun-bunch-quick-pass", "madden26-lab-coverage-vs-four-verts"];
    expect(linksOf(section).map((link) => link.href)).toEqual(expected.map((slug) => `/content/${slug}`));
  });

  it("shows the empty favourites text to a member without favourites", async () => {
    const section = sectionLabelledBy(mainOf(await page("/home", await signIn("free"))), "favorites-title")!;
    expect(textOf(section)).toContain("You have no favorites yet...");
  });

  it("offers quick access to both games, the latest content of each and the latest three posts", async () => {
    const main = mainOf(await page("/home", await signIn("free")));
    const quick = linksOf(sectionLabelledBy(main, "quick-title")!).map((link) => link.href);
    expect(quick).toEqual(["/college", "/madden"]);
    for (const game of ["college", "madden"] as const) {
      const text = textOf(sectionLabelledBy(main, `latest-${game}`)!);
      for (const item of newestFirst(published.filter((entry) => entry.game === game)).slice(0, 3)) expect(text, game).toContain(item.title);
    }
    const posts = linksOf(sectionLabelledBy(main, "home-blog")!).map((link) => link.href);
    expect(posts.filter((href) => href?.startsWith("/blog/"))).toEqual(publishedPosts.slice(0, 3).map((post) => `/blog/${post.slug}`));
  });

  it("welcomes back a member whose premium ended, with the way to resubscribe; nobody else", async () => {
    const main = mainOf(await page("/home", await signIn("expired")));
    const section = sectionLabelledBy(main, "premium-ended-title")!;
    expect(textOf(section)).toMatch(/Premium ended \w{3} \d{1,2}, \d{4}/);
    expect(textOf(section)).toContain("Your favourites, progress and gameplans are kept.");
    expect(linksOf(section).map((link) => [link.text, link.href])).toEqual([["Resubscribe", "/subscribe"]]);
    for (const role of ["premium", "free", "admin"] as const) {
      expect(sectionLabelledBy(mainOf(await page("/home", await signIn(role))), "premium-ended-title"), role).toBeFalsy();
    }
  });

  it("shows the member count", async () => {
    const text = textOf(mainOf(await page("/home", namelessCookie)));
    expect(text).toContain(`You're one of ${memberCount.toLocaleString("en-US")} players on the roster`);
  });

  // After the member count: it adds a member.
  it("names no future date when staff set a member Free before their access ran out (the banner and the Subscription card)", async () => {
    const member = await createSignedInMember({
      subscriptionTier: "free",
      subscriptionStatus: "cancelled",
      accessExpiresAt: new Date(Date.now() + 20 * 86_400_000),
    });
    const section = sectionLabelledBy(mainOf(await page("/home", member.cookie)), "premium-ended-title")!;
    expect(textOf(section)).toContain("Premium ended Your favourites");
    const settings = textOf(mainOf(await page("/account-settings", member.cookie)));
    expect(settings).not.toContain("Premium ended");
  });

  it("premium given by staff that ran out says when it ended, on /home and in the Subscription card", async () => {
    const member = await createSignedInMember({
      subscriptionTier: "premium",
      subscriptionStatus: "inactive",
      accessExpiresAt: new Date(Date.now() - 2 * 86_400_000),
    });
    expect(textOf(sectionLabelledBy(mainOf(await page("/home", member.cookie)), "premium-ended-title")!)).toMatch(/Premium ended \w{3} \d{1,2}, \d{4}/);
    const settings = textOf(mainOf(await page("/account-settings", member.cookie)));
    expect(settings).toMatch(/Free Tier.*Premium ended\s*\w{3} \d{1,2}, \d{4}.*Subscribe again to unlock/);
  });

  it("a member whose payment failed is sent to their card, not to a second checkout", async () => {
    const member = await createSignedInMember({
      subscriptionTier: "premium",
      subscriptionStatus: "past_due",
      stripeSubscriptionId: `sub_retrying_${Date.now()}`,
      stripeCustomerId: `cus_retrying_${Date.now()}`,
      accessExpiresAt: new Date(Date.now() - 2 * 86_400_000),
    });
    const html = await page("/home", member.cookie);
    expect(sectionLabelledBy(mainOf(html), "premium-ended-title")).toBeFalsy();
    // The site-wide banner says it, and leads to the card.
    expect(textOf(html)).toContain("Your last payment failed. Update your card to get back premium access.");
    expect(html).toContain('href="/account-settings#subscription"');
    expect(textOf(mainOf(html))).not.toContain("Resubscribe");
  });
});

describe("legal pages", () => {
  it("terms of service: last updated June 2024, New York law, non-refundable with the 7-day money-back exception", async () => {
    const text = textOf(mainOf(await page("/terms-of-service")));
    expect(text).toContain("Terms of Service");
    expect(text).toContain("Last updated: June 2024");
    expect(text).toMatch(/governed by the laws of the State of New York/);
    // DECISIONS.md: the guarantee is the one exception to 'payments are non-refundable except as required by law'.
    expect(text).toContain("Payments are non-refundable except as required by law");
    expect(text).toMatch(/with one exception: the money-back guarantee below/);
    expect(text).toContain("7-day money-back guarantee");
    expect(text).toMatch(/within 7 days of your first payment/);
    expect(text).toContain("US$14.95 per month");
    expect(text).toContain("US$125 per year");
  });

  it("privacy policy: last updated June 2024 and linked from the footer of every page", async () => {
    const html = await page("/privacy-policy");
    const text = textOf(mainOf(html));
    expect(text).toContain("Privacy Policy");
    expect(text).toContain("Last updated: June 2024");
    for (const path of ["/", "/blog", "/contact"]) {
      const footer = (await page(path)).split("</main>")[1];
      expect(footer, path).toContain('href="/privacy-policy"');
      expect(footer, path).toContain('href="/terms-of-service"');
    }
  });

  it("privacy policy names every cookie the site sets", async () => {
    const names = new Set<string>();
    const collect = (response: Response) => {
      for (const cookie of response.headers.getSetCookie()) names.add(cookie.slice(0, cookie.indexOf("=")));
      return response;
    };
    const member = await createMember();
    const login = collect(await postForm("/auth", { intent: "login", email: member.email, password: DEMO_PASSWORD }, { headers: fromAddress(newClientAddress()) }));
    const session = cookiesFrom(login).find((pair) => pair.startsWith("session="))!;
    collect(await postForm("/contact", { name: "Cookie Count", email: member.email, subject: "Cookies", message: "Which cookies do you set?" }, { headers: fromAddress(newClientAddress()) }));
    collect(await postForm("/submit-tip", { formationName: "Gun Bunch", playName: "Mesh", playbook: "Chiefs", gameType: "madden", tipDescription: "Sent signed out" }));
    collect(await get("/auth/oauth/google"));
    collect(await postForm("/account/discord", { intent: "connect-discord" }, { cookie: session }));
    collect(await postForm("/logout", {}, { cookie: session }));
    expect([...names].sort()).toEqual(
      ["d1_bookmark", "discord_link_state", "discord_link_verifier", "gp_device", "gp_kept_form", "oauth_return", "oauth_state", "oauth_verifier", "session", "toast"],
    );
    const html = await page("/privacy-policy");
    for (const name of names) expect(html, name).toContain(`<code>${name}</code>`);
  });

  it("are the same for members", async () => {
    const cookie = await signIn("premium");
    expect(textOf(mainOf(await page("/terms-of-service", cookie)))).toContain("Last updated: June 2024");
    expect(textOf(mainOf(await page("/privacy-policy", cookie)))).toContain("Last updated: June 2024");
  });
});

describe("payment result pages", () => {
  it("/success sends a visitor to /auth", async () => {
    const response = await get("/success");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fsuccess");
  });

  it("/success thanks a member and tells whether the membership is active yet", async () => {
    const premium = textOf(mainOf(await page("/success", await signIn("premium"))));
    expect(premium).toContain("Thank you for subscribing!");
    expect(premium).toContain("Your premium membership is active.");
    const free = textOf(mainOf(await page("/success", await signIn("free"))));
    expect(free).toContain("Thank you for subscribing!");
    expect(free).toContain("We're activating your membership.");
  });

  it("/success stops refreshing after about a minute without a payment, and says what to do", async () => {
    const cookie = await signIn("free");
    expect(await page("/success", cookie)).toContain('<meta http-equiv="refresh" content="3;url=/success?check=1"');
    expect(await page("/success?check=5", cookie)).toContain('content="3;url=/success?check=6"');
    for (const path of ["/success?check=20", "/success?check=999"]) {
      const last = await page(path, cookie);
      expect(last, path).not.toContain('http-equiv="refresh"');
      const main = mainOf(last);
      expect(textOf(main)).toContain("We have not received a payment from you yet.");
      expect(linksOf(main).find((link) => link.text === "choose a plan")?.href).toBe("/subscribe");
    }
  });

  it("/cancel shows 'Payment Cancelled' and 'Try Again' to /subscribe, for visitors and members", async () => {
    for (const cookie of [undefined, await signIn("free")]) {
      const main = mainOf(await page("/cancel", cookie));
      expect(textOf(main)).toContain("Payment Cancelled");
      expect(linksOf(main).find((link) => link.text === "Try Again")?.href).toBe("/subscribe");
    }
  });
});
