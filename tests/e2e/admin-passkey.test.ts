import { beforeAll, describe, expect, inject, it } from "vitest";
import { createAdminAccount } from "../support/admin-browser";
import { useBrowser } from "../support/use-browser";

// WebAuthn refuses an IP address as the site's identity; localhost is the same loopback server.
const baseUrl = inject("baseUrl").replace("127.0.0.1", "localhost");
const pepper = inject("adminPepper");
// Her own account, so the lockout here never touches the other admin tests.
const account = { email: "passkey-artist@e2e-studio.test", password: "a passkey e2e passphrase 77" };
const browser = useBrowser();

beforeAll(async () => {
  await createAdminAccount(account.email, account.password, pepper);
}, 120_000);

/** A password attempt from somewhere else: no cookies, another address. */
const outsider = (password: string, address: string) =>
  fetch(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl, "CF-Connecting-IP": address },
    body: JSON.stringify({ email: account.email, password }),
  });

describe("passkeys in Chromium", () => {
  it("registers a passkey, then signs in with it and from the known device while outsiders guess", async () => {
    // Her browser has an address of its own: the brute-force test of the admin flow locks
    // 127.0.0.1 out of sign-in, and every browser test reaches the server from there.
    const context = await browser().newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { "CF-Connecting-IP": "2001:db8:a11:5e::1" },
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      // 401 answers while signed out are expected; anything else (CSP violations...) is not.
      if (message.type() === "error" && !/status of 401/.test(message.text())) problems.push(message.text());
    });
    // Chromium's virtual authenticator: a platform passkey that verifies the user by itself.
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    const signInWithPassword = async () => {
      await page.goto(`${baseUrl}/admin/login`);
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(account.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin/today`);
    };
    const signOut = async () => {
      // The server must have ended the session: the screen leaves for the site either way.
      const [ended] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith("/api/admin/logout")),
        page.getByRole("button", { name: "Sign out" }).click(),
      ]);
      expect(ended.status(), "sign-out answered").toBe(200);
      // Signing out ends with a full navigation to the public home page (the login route shows
      // for a moment before it), which drops every bit of admin state held in memory.
      await page.waitForURL(`${baseUrl}/`);
    };

    await signInWithPassword();
    await page.getByRole("link", { name: "More" }).click();
    await page.getByRole("link", { name: /Sign-in and passkeys/ }).click();
    await page.getByLabel("Name of the new passkey").fill("Test phone");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByText("Test phone").or(page.getByRole("alert")).first().waitFor();
    expect(await page.getByRole("alert").allTextContents()).toEqual([]);
    await expect.poll(() => page.getByText("Test phone", { exact: true }).count()).toBe(1);
    // She is told it worked.
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Passkey" }).textContent())
      .toBe('Passkey "Test phone" added: it signs you in on this device from now on.');
    await signOut();

    // Outsiders spend every unknown-device guess for her e-mail: the right password is refused to them.
    for (let i = 0; i < 6; i++) await outsider(`guess-${i}`, `203.0.113.${100 + i}`);
    expect((await outsider(account.password, "203.0.113.200")).status).toBe(429);

    // She still gets in with her passkey...
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByRole("button", { name: "Use a passkey instead" }).click();
    await page.waitForURL(`${baseUrl}/admin/today`);
    await signOut();
    // ...and with her password from this device, which she signed in on before.
    await signInWithPassword();
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});
