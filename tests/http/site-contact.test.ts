import { asc, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema";
import { createConfirmedUser, demoUserId, readOutbox, signInUser } from "../support/accounts";
import { linksOf, mainOf, tags, textOf } from "../support/html";
import { cookiesFrom, get, postForm, signIn } from "../support/http";
import { testState } from "../support/test-state";

const SUPPORT_EMAIL = "support@example.com"; // wrangler.toml [vars]
const MISSING = "Missing Information - Please fill in all required fields.";

// The rate limit counts per client address: every test sends from its own.
let addressCounter = 0;
const runId = Math.floor(Math.random() * 200) + 20;
function newAddress() {
  addressCounter += 1;
  return `10.${runId}.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function marker() {
  return `msg-${crypto.randomUUID()}`;
}

function send(fields: Record<string, string>, options: { address?: string; cookie?: string } = {}) {
  return postForm("/contact", fields, { cookie: options.cookie, headers: { "CF-Connecting-IP": options.address ?? newAddress() } });
}

/** The stored contact messages whose text contains `text`, oldest first. */
async function storedWith(text: string) {
  const { db } = await testState();
  return db.select().from(contactMessages).where(like(contactMessages.message, `%${text}%`)).orderBy(asc(contactMessages.id));
}

/** The outbox e-mail containing the text, waiting for it (it is sent after the response). */
async function mailWith(text: string, timeout = 5000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await readOutbox()).find((message) => message.text.includes(text));
    if (found || Date.now() > deadline) return found ?? null;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("contact page", () => {
  it.each([["visitor"], ["member"]] as const)("shows the form, the support, chat and response-time cards and four FAQ entries (%s)", async (who) => {
    const cookie = who === "member" ? await signIn("free") : undefined;
    const response = await get("/contact", { cookie });
    expect(response.status).toBe(200);
    const main = mainOf(await response.text());
    const text = textOf(main);
    expect(text).toContain("Contact Us");
    const labels = [...main.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([\s\S]*?)<\/label>/g)].map((match) => [textOf(match[2]), match[1]]);
    for (const [label, name, type] of [["Name", "name", "text"], ["Email", "email", "email"], ["Subject", "subject", "text"]]) {
      const id = labels.find(([text]) => text === label)?.[1];
      const input = tags(main, "input").find((attributes) => attributes.id === id);
      expect(input?.name, label).toBe(name);
      expect(input?.type, label).toBe(type);
    }
    const messageId = labels.find(([label]) => label === "Message")?.[1];
    expect(tags(main, "textarea").find((attributes) => attributes.id === messageId)?.name).toBe("message");
    // The honeypot is out of sight and out of the tab order.
    const honeypot = tags(main, "input").find((attributes) => attributes.name === "website");
    expect(honeypot?.tabindex).toBe("-1");
    expect(main).toMatch(/<div[^>]*aria-hidden="true"[^>]*>\s*<label for="contact-website">/);

    expect(linksOf(main).find((link) => link.text === SUPPORT_EMAIL)?.href).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(text).toContain("Community Chat");
    expect(linksOf(main).find((link) => link.text === "Join our Discord")?.href).toBe("https://discord.gg/example");
    expect(text).toContain("Response Time");
    expect(text).toContain("24 hours");
    expect(main.match(/<details/g)).toHaveLength(4);
    expect(text).toContain("Frequently Asked Questions");
  });
});

describe("contact form", () => {
  it("answers 'Missing Information' and stores nothing when name, email or message is missing", async () => {
    const id = marker();
    const complete = { name: "Pat Doe", email: "pat@example.com", subject: "Hi", message: `Hello ${id}` };
    for (const missing of ["name", "email", "message"] as const) {
      for (const value of ["", "   "]) {
        const response = await send({ ...complete, [missing]: value });
        expect(response.status, missing).toBe(400);
        expect(textOf(await response.text()), missing).toContain(MISSING);
      }
    }
    const none = await send({});
    expect(none.status).toBe(400);
    expect(textOf(await none.text())).toContain(MISSING);
    expect(await storedWith(id)).toEqual([]);
  });

  it("explains a malformed e-mail address and stores nothing", async () => {
    const id = marker();
    for (const email of ["not-an-email", "pat@", "pat@@example.com", "pat example@example.com"]) {
      const response = await send({ name: "Pat", email, message: `Hello ${id}` });
      expect(response.status, email).toBe(400);
      const text = textOf(await response.text());
      expect(text, email).toContain("Please enter a valid email address");
      expect(text, email).not.toContain("Missing Information");
    }
    expect(await storedWith(id)).toEqual([]);
  });

  it("refuses a message over 5,000 characters with a clear message, and accepts exactly 5,000", async () => {
    const id = marker();
    const tooLong = `${id} ${"x".repeat(5000 - id.length)}`;
    expect(tooLong).toHaveLength(5001);
    const response = await send({ name: "Pat", email: "pat@example.com", message: tooLong });
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain("Message must be at most 5,000 characters.");
    expect(await storedWith(id)).toEqual([]);

    const longest = tooLong.slice(0, 5000);
    const accepted = await send({ name: "Pat", email: "pat@example.com", message: longest });
    expect(accepted.status).toBe(302);
    expect((await storedWith(id)).map((row) => row.message)).toEqual([longest]);
  });

  it("stores a valid message, e-mails it to the support address and confirms with 'Message Sent!'", async () => {
    const id = marker();
    const response = await send({ name: "Pat Doe", email: "pat@example.com", subject: `Billing question ${id}`, message: `Can I switch plans? ${id}` });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");

    const rows = await storedWith(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Pat Doe", email: "pat@example.com", subject: `Billing question ${id}`, message: `Can I switch plans? ${id}`, userId: null });

    const mail = await mailWith(id);
    expect(mail).not.toBeNull();
    expect(mail!.to).toBe(SUPPORT_EMAIL);
    expect(mail!.subject).toBe(`[Contact] Billing question ${id} - Pat Doe`);
    expect(mail!.text).toContain("From: Pat Doe <pat@example.com>");

    // The confirmation travels in a flash cookie, so it also shows without JavaScript.
    const toast = cookiesFrom(response).find((pair) => pair.startsWith("toast="));
    expect(toast).toBeDefined();
    const page = textOf(await (await get("/contact", { cookie: toast })).text());
    expect(page).toContain("Message Sent!");
    expect(page).toContain("We'll get back to you within 24 hours.");
  });

  it("stores and mails a message sent twice within two minutes once (a double tap), and answers both as sent", async () => {
    const id = marker();
    const fields = { name: "Pat Doe", email: "pat@example.com", subject: `Twice ${id}`, message: `Sent twice ${id}` };
    const [first, second] = await Promise.all([send(fields), send(fields)]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(await storedWith(id)).toHaveLength(1);
    expect(await mailWith(id)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readOutbox()).filter((message) => message.text.includes(`Sent twice ${id}`))).toHaveLength(1);
    // Another message from the same sender is its own.
    expect((await send({ ...fields, message: `Sent once more, differently ${id}` })).status).toBe(302);
    expect(await storedWith(id)).toHaveLength(2);
  });

  it("links a signed-in member's message to the account", async () => {
    const id = marker();
    const cookie = await signIn("free");
    const response = await send({ name: "Taylor", email: "free@example.com", message: `Member question ${id}` }, { cookie });
    expect(response.status).toBe(302);
    const [row] = await storedWith(id);
    expect(row?.userId).toBe(await demoUserId("free"));
    expect(await mailWith(id)).not.toBeNull();
  });

  it("answers a filled honeypot like a success, but stores and sends nothing", async () => {
    const spam = marker();
    const response = await send({ name: "Bot", email: "bot@example.com", message: `Buy now ${spam}`, website: "https://spam.example" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    const toast = cookiesFrom(response).find((pair) => pair.startsWith("toast="));
    expect(textOf(await (await get("/contact", { cookie: toast })).text())).toContain("Message Sent!");

    // A real message sent afterwards arrives; the spam never does.
    const real = marker();
    expect((await send({ name: "Pat", email: "pat@example.com", message: `Real ${real}` })).status).toBe(302);
    expect(await mailWith(real)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storedWith(spam)).toEqual([]);
    expect((await readOutbox()).some((message) => message.text.includes(spam))).toBe(false);
  });

  it("refuses the 6th message within an hour from the same address, and only from that address", async () => {
    const address = newAddress();
    const id = marker();
    for (let index = 1; index <= 5; index++) {
      const response = await send({ name: "Pat", email: "pat@example.com", message: `${id} number ${index}` }, { address });
      expect(response.status, `message ${index}`).toBe(302);
    }
    const sixth = await send({ name: "Pat", email: "pat@example.com", message: `${id} number 6` }, { address });
    expect(sixth.status).toBe(429);
    const text = textOf(await sixth.text());
    expect(text).toContain("Message not sent - You have sent several messages in a short time. Please try again later.");
    // Not the failure's 'Please try again.': trying again at once would fail too.
    expect(text).not.toContain("Failed to send message. Please try again.");
    expect((await storedWith(id)).map((row) => row.message)).toEqual([1, 2, 3, 4, 5].map((index) => `${id} number ${index}`));
    expect(await mailWith(`${id} number 6`, 500)).toBeNull();

    const other = await send({ name: "Pat", email: "pat@example.com", message: `${id} from elsewhere` });
    expect(other.status).toBe(302);

    // A member at that address sends on their own account's count, up to its own 5.
    const member = await signInUser(await createConfirmedUser("contact"));
    for (let index = 1; index <= 5; index++) {
      expect((await send({ name: "Sam", email: "sam@example.com", message: `${id} member ${index}` }, { address, cookie: member })).status, `member message ${index}`).toBe(302);
    }
    expect((await send({ name: "Sam", email: "sam@example.com", message: `${id} member 6` }, { address: newAddress(), cookie: member })).status).toBe(429);
  });
});
