import * as authRoute from "@/app/api/auth/[...all]/route";
import * as register from "@/app/api/register/route";
import * as reviews from "@/app/api/reviews/route";
import * as uploads from "@/app/api/uploads/route";
import { makeRequest, noParams, pngBytes, signUp, uniqueEmail } from "@/tests/fixtures/http";

type ErrorBody = { error: { code: string; message: string } };

/**
 * A 429 that says when to come back: Retry-After is the time until the oldest counted attempt (made
 * after `since`) leaves the window, and the message says it in minutes.
 */
async function expectRefusal(response: Response, windowMinutes: number, since: number): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  const elapsed = (Date.now() - since) / 1000;
  expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(windowMinutes * 60 - elapsed - 1));
  expect(retryAfter).toBeLessThanOrEqual(windowMinutes * 60);
  const minutes = Math.ceil(retryAfter / 60);
  expect(((await response.json()) as ErrorBody).error.message).toBe(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
}

describe("reviews: five typos, then a valid review", () => {
  it("accepts the valid review, and still allows five valid ones in ten minutes", async () => {
    const author = await signUp();
    const post = (json: unknown) => reviews.POST(makeRequest("/api/reviews", { method: "POST", json, cookie: author.cookie }), noParams());
    const since = Date.now();
    for (let i = 0; i < 5; i += 1) expect((await post({ text: "Too short", rating: 4 })).status).toBe(422);
    expect((await post({ text: "Finally a review that is long enough.", rating: 4 })).status).toBe(201);
    for (let i = 0; i < 4; i += 1) expect((await post({ text: `Edited review number ${i}, still fine.`, rating: 4.5 })).status).toBe(200);
    await expectRefusal(await post({ text: "One edit too many in ten minutes.", rating: 5 }), 10, since);
  });
});

describe("registration: 5 accounts per address per hour", () => {
  const viaRegister = (address: string, email: string, photo: Uint8Array) => {
    const form = new FormData();
    form.set("name", "Rita Ratelimit");
    form.set("email", email);
    form.set("password", "long-enough-pw");
    form.set("photo", new Blob([new Uint8Array(photo)], { type: "image/png" }), "me.png");
    return register.POST(makeRequest("/api/register", { method: "POST", body: form, headers: { "x-forwarded-for": address } }), noParams());
  };
  const viaSignUp = (address: string, email: string) =>
    authRoute.POST(
      makeRequest("/api/auth/sign-up/email", { method: "POST", json: { email, name: "Sam Signup", password: "long-enough-pw" }, headers: { "x-forwarded-for": address } }),
      noParams(),
    );

  it("counts only accounts created, and refuses the sixth from one address, but not from another", async () => {
    const address = "192.0.2.44";
    const photo = await pngBytes();
    const since = Date.now();
    // Mistakes first: a bad email twice, an address that is taken. None of them is an account.
    expect((await viaRegister(address, "not-an-email", photo)).status).toBe(422);
    expect((await viaRegister(address, "still-not-an-email", photo)).status).toBe(422);
    const taken = uniqueEmail("taken");
    expect((await viaRegister("192.0.2.45", taken, photo)).status).toBe(201);
    expect((await viaRegister(address, taken, photo)).status).toBe(409);

    for (let i = 0; i < 5; i += 1) expect((await viaRegister(address, uniqueEmail("reg"), photo)).status).toBe(201);
    await expectRefusal(await viaRegister(address, uniqueEmail("late"), photo), 60, since);
    expect((await viaRegister("192.0.2.46", uniqueEmail("other"), photo)).status).toBe(201);
  });

  it("offers no second way around it: better-auth's own sign-up is closed", async () => {
    expect((await viaSignUp("192.0.2.47", uniqueEmail("sign"))).status).toBe(404);
  });
});

describe("sign-in: 30 attempts per address per 15 minutes", () => {
  it("refuses the 31st attempt from one address, right password or not, and no other address", async () => {
    const account = await signUp({ password: "the-right-password" });
    const attempt = (address: string, email: string, password: string) =>
      authRoute.POST(
        makeRequest("/api/auth/sign-in/email", { method: "POST", json: { email, password }, headers: { "x-forwarded-for": address } }),
        noParams(),
      );
    const address = "192.0.2.77";
    const since = Date.now();
    // Thirty guesses spread over addresses typed in (one account locks after ten: lib/accounts/lockout.ts).
    for (let i = 0; i < 30; i += 1) expect((await attempt(address, uniqueEmail(`guess-${i}`), `guess-number-${i}`)).status).toBe(401);
    await expectRefusal(await attempt(address, account.email, "the-right-password"), 15, since);
    expect((await attempt("192.0.2.78", account.email, "the-right-password")).status).toBe(200);
  });
});

describe("password checks of the two-factor endpoints share the sign-in limit", () => {
  it("refuses the 31st from one address, across accounts that each stay under their own lockout", async () => {
    const accounts = await Promise.all([0, 1, 2, 3].map(() => signUp({ password: "the-right-password" })));
    const check = (path: string, cookie: string, password: string) =>
      authRoute.POST(
        makeRequest(`/api/auth${path}`, { method: "POST", json: { password }, cookie, headers: { "x-forwarded-for": "192.0.2.91" } }),
        noParams(),
      );
    const since = Date.now();
    const paths = ["/two-factor/enable", "/two-factor/disable", "/two-factor/generate-backup-codes"];
    for (let i = 0; i < 30; i += 1) {
      const account = accounts[i % accounts.length];
      expect((await check(paths[i % paths.length] ?? "", account?.cookie ?? "", `guess-number-${i}`)).status).toBe(400);
    }
    await expectRefusal(await check("/two-factor/enable", accounts[0]?.cookie ?? "", "the-right-password"), 15, since);
  });
});

describe("uploads: 30 per account per hour", () => {
  it("refuses the 31st image; files that are not images count apart", async () => {
    const uploader = await signUp();
    const png = await pngBytes(8, 8);
    const since = Date.now();
    const upload = (bytes: Uint8Array, type = "image/png") => {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(bytes)], { type }), "file.png");
      return uploads.POST(makeRequest("/api/uploads", { method: "POST", body: form, cookie: uploader.cookie }), noParams());
    };
    for (let i = 0; i < 3; i += 1) expect((await upload(new TextEncoder().encode("not an image"), "text/plain")).status).toBeGreaterThanOrEqual(400);
    for (let i = 0; i < 30; i += 1) expect((await upload(png)).status).toBe(201);
    await expectRefusal(await upload(png), 60, since);
  });
});
