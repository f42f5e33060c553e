import fs from "node:fs";
import path from "node:path";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as meRoute from "@/app/api/me/route";
import * as registerRoute from "@/app/api/register/route";
import * as uploadsRoute from "@/app/api/uploads/route";
import * as uploadFile from "@/app/uploads/[name]/route";
import * as healthRoute from "@/app/api/health/route";
import { cookiesFrom, makeRequest, multipartForm, noParams, pngBytes, signUp, uniqueEmail } from "@/tests/fixtures/http";
import { verifyThroughMail } from "@/tests/fixtures/mail";
import { uploadedNames } from "@/tests/fixtures/uploads";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Me = { id: string; name: string; email: string; imageUrl: string | null; role: string; emailVerified: boolean };

async function me(init: { cookie?: string; bearer?: string }): Promise<Response> {
  return meRoute.GET(makeRequest("/api/me", init), noParams());
}

describe("sign-up, sign-in and sign-out over HTTP", () => {
  it("signs up, reads /api/me, signs out, and is anonymous again", async () => {
    const session = await signUp({ name: "Avery Buyer" });
    expect(session.cookie).toMatch(/toolforge\.session_token=/);

    const mine = await me({ cookie: session.cookie });
    expect(mine.status).toBe(200);
    expect((await mine.json()) as Me).toMatchObject({ email: session.email, name: "Avery Buyer", role: "customer" });

    const out = await authRoute.POST(
      makeRequest("/api/auth/sign-out", { method: "POST", json: {}, cookie: session.cookie }),
      noParams(),
    );
    expect(out.status).toBe(200);
    expect((await me({ cookie: session.cookie })).status).toBe(401);
  });

  it("signs in with the right password only, and the session cookie is httpOnly and SameSite=Lax", async () => {
    const { email } = await signUp({ password: "tool-forge-2026" });
    const wrong = await authRoute.POST(
      makeRequest("/api/auth/sign-in/email", { method: "POST", json: { email, password: "tool-forge-2025" } }),
      noParams(),
    );
    expect(wrong.status).toBe(401);

    const right = await authRoute.POST(
      makeRequest("/api/auth/sign-in/email", { method: "POST", json: { email, password: "tool-forge-2026" } }),
      noParams(),
    );
    expect(right.status).toBe(200);
    const setCookie = right.headers.getSetCookie().find((c) => c.startsWith("toolforge.session_token="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect((await me({ cookie: cookiesFrom(right) })).status).toBe(200);
  });

  it("accepts the session token as a bearer token for API clients", async () => {
    const session = await signUp();
    expect(session.token).toEqual(expect.any(String));
    const response = await me({ bearer: session.token ?? "" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Me).email).toBe(session.email);
  });

  it("takes only the signed token of set-auth-token as a bearer; get-session shows no token at all and is kept by no cache", async () => {
    const session = await signUp();
    const read = await authRoute.GET(makeRequest("/api/auth/get-session", { cookie: session.cookie }), noParams());
    expect(read.headers.get("cache-control")).toMatch(/no-store/);
    const body = (await read.json()) as { session: Record<string, unknown>; user: { email: string } };
    expect(body.user.email).toBe(session.email);
    expect(body.session).not.toHaveProperty("token");
    // The bare token is the signed one without its signature: not a bearer on its own.
    const bare = decodeURIComponent(session.token ?? "").split(".")[0] ?? "";
    expect(bare.length).toBeGreaterThan(10);
    expect(session.token).not.toBe(bare);
    expect((await me({ bearer: bare })).status).toBe(401);
    expect((await me({ bearer: session.token ?? "" })).status).toBe(200);
  });

  it("gives a browser (Sec-Fetch-Site) the session cookie only: no set-auth-token for its scripts to read", async () => {
    const email = uniqueEmail("browser");
    const browser = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" };
    const form = multipartForm({ name: "Bea Browser", email, password: "correct-horse-battery", photo: await pngBytes(8, 8) });
    const registered = await registerRoute.POST(makeRequest("/api/register", { method: "POST", body: form, headers: browser }), noParams());
    expect(registered.status).toBe(201);
    expect(cookiesFrom(registered)).toContain("session_token");
    expect(registered.headers.get("set-auth-token")).toBeNull();
    expect(registered.headers.get("access-control-expose-headers")).toBeNull();

    const signIn = (headers?: Record<string, string>) =>
      authRoute.POST(makeRequest("/api/auth/sign-in/email", { method: "POST", json: { email, password: "correct-horse-battery" }, headers }), noParams());
    const fromBrowser = await signIn(browser);
    expect(fromBrowser.status).toBe(200);
    expect(cookiesFrom(fromBrowser)).toContain("session_token");
    expect(fromBrowser.headers.get("set-auth-token")).toBeNull();
    // An API client (no Sec-Fetch-* headers) still reads its bearer token there.
    const fromClient = await signIn();
    expect(fromClient.headers.get("set-auth-token")).toBeTruthy();
    expect((await me({ bearer: fromClient.headers.get("set-auth-token") ?? "" })).status).toBe(200);
  });

  it("makes an address listed in ADMIN_EMAILS an admin only once it is verified", async () => {
    const session = await signUp({ email: "Boss@ToolForge.test" });
    expect(((await (await me({ cookie: session.cookie })).json()) as Me).role).toBe("customer");
    // Opened in the browser that registered: it comes back with a new session, made after the proof.
    const opened = await verifyThroughMail("boss@toolforge.test", session.cookie);
    const body = (await (await me({ cookie: cookiesFrom(opened) })).json()) as Me;
    expect(body).toMatchObject({ role: "admin", emailVerified: true });
    expect((await me({ cookie: session.cookie })).status).toBe(401);
  });

  it("answers 401 JSON to anonymous /api/me", async () => {
    const response = await me({});
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error.code).toBe("unauthenticated");
  });

  it("refuses a sign-in posted from another site", async () => {
    const response = await authRoute.POST(
      makeRequest("/api/auth/sign-in/email", {
        method: "POST",
        json: { email: "x@toolforge.test", password: "whatever-password" },
        headers: { origin: "https://evil.example" },
      }),
      noParams(),
    );
    expect(response.status).toBe(403);
  });
});


describe("POST /api/register (account with a profile photo)", () => {
  it("creates the account, stores the photo as WebP, signs the customer in", async () => {
    const email = uniqueEmail("register");
    const response = await registerRoute.POST(
      makeRequest("/api/register", {
        method: "POST",
        body: multipartForm({ name: "Robin Register", email, password: "long-enough-pw", photo: await pngBytes() }),
      }),
      noParams(),
    );
    expect(response.status).toBe(201);
    const { user } = (await response.json()) as { user: Me };
    expect(user).toMatchObject({ email, name: "Robin Register", role: "customer" });
    expect(user.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);

    const cookie = cookiesFrom(response);
    expect(((await (await me({ cookie })).json()) as Me).imageUrl).toBe(user.imageUrl);

    const name = (user.imageUrl as string).replace("/uploads/", "");
    const served = await uploadFile.GET(makeRequest(user.imageUrl as string), noParams({ name }));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe("WEBP");
  });

  it("names every missing or invalid field, and writes nothing", async () => {
    const before = (await uploadedNames()).length;
    const response = await registerRoute.POST(
      makeRequest("/api/register", { method: "POST", body: multipartForm({ name: "", email: "nope", password: "short" }) }),
      noParams(),
    );
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.fields).toEqual({
      name: "Enter your name",
      email: "Enter a valid email",
      password: "Use at least 8 characters",
      photo: "Add a profile photo",
    });
    expect(await uploadedNames()).toHaveLength(before);
  });

  it("refuses a name with control characters and a field it does not know, naming each, and writes nothing", async () => {
    const before = (await uploadedNames()).length;
    for (const name of ["Bob\u0000Nul", "Bob\u0001Ctl"]) {
      const response = await registerRoute.POST(
        makeRequest("/api/register", {
          method: "POST",
          body: multipartForm({ name, email: uniqueEmail("ctl"), password: "long-enough-pw", photo: await pngBytes(), role: "admin" }),
        }),
        noParams(),
      );
      expect(response.status).toBe(422);
      expect(((await response.json()) as ErrorBody).error.fields).toEqual({ name: "Enter your name without control characters", role: 'Unknown field "role"' });
    }
    expect(await uploadedNames()).toHaveLength(before);
  });

  it("refuses a text file renamed as an image", async () => {
    const response = await registerRoute.POST(
      makeRequest("/api/register", {
        method: "POST",
        body: multipartForm({
          name: "Tex",
          email: uniqueEmail(),
          password: "long-enough-pw",
          photo: new TextEncoder().encode("definitely not an image"),
        }),
      }),
      noParams(),
    );
    expect(response.status).toBe(415);
    expect(((await response.json()) as ErrorBody).error.fields?.photo).toMatch(/JPEG, PNG/);
  });

  it("removes the stored photo again when the email is already taken", async () => {
    const { email } = await signUp();
    const before = (await uploadedNames()).length;
    const response = await registerRoute.POST(
      makeRequest("/api/register", {
        method: "POST",
        body: multipartForm({ name: "Twin", email, password: "long-enough-pw", photo: await pngBytes() }),
      }),
      noParams(),
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).error.fields?.email).toMatch(/already exists/);
    expect(await uploadedNames()).toHaveLength(before);
  });

  it("refuses a JSON body with 415 rather than failing", async () => {
    const response = await registerRoute.POST(
      makeRequest("/api/register", { method: "POST", json: { name: "x" } }),
      noParams(),
    );
    expect(response.status).toBe(415);
  });
});

describe("POST /api/uploads", () => {
  const upload = (body: BodyInit, cookie?: string) =>
    uploadsRoute.POST(makeRequest("/api/uploads", { method: "POST", body, cookie }), noParams());

  const formWith = (bytes: Uint8Array, type = "image/png", name = "photo.png") => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
    return form;
  };

  it("needs a signed-in account", async () => {
    const response = await upload(formWith(await pngBytes()));
    expect(response.status).toBe(401);
  });

  it("stores an image and answers its URL", async () => {
    const { cookie } = await signUp();
    const response = await upload(formWith(await pngBytes(200, 100)), cookie);
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const name = url.replace("/uploads/", "");

    // On PostgreSQL every instance must serve it: it is in the database, not on this one's disk.
    const onDisk = fs.existsSync(path.join(process.env.DATA_DIR as string, "uploads", name));
    expect(onDisk).toBe(!process.env.DATABASE_URL);
    expect(await uploadedNames()).toContain(name);

    const served = await uploadFile.GET(makeRequest(url), noParams({ name }));
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = served.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[a-f0-9]{32}"$/);
    expect(new TextDecoder().decode(new Uint8Array(await served.arrayBuffer()).slice(8, 12))).toBe("WEBP");

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await uploadFile.GET(makeRequest(url, { headers: { "if-none-match": ifNoneMatch } }), noParams({ name }));
      expect({ ifNoneMatch, status: again.status, body: await again.text() }).toEqual({ ifNoneMatch, status: 304, body: "" });
      expect(again.headers.get("etag")).toBe(etag);
    }
    const changed = await uploadFile.GET(makeRequest(url, { headers: { "if-none-match": '"0123"' } }), noParams({ name }));
    expect(changed.status).toBe(200);
    const missing = "0".repeat(32) + ".webp";
    expect((await uploadFile.GET(makeRequest(`/uploads/${missing}`), noParams({ name: missing }))).status).toBe(404);
  });

  it("refuses SVG even when it is well-formed", async () => {
    const { cookie } = await signUp();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const response = await upload(formWith(svg, "image/svg+xml", "x.svg"), cookie);
    expect(response.status).toBe(415);
  });

  it("refuses a body over 5 MB with 413", async () => {
    const { cookie } = await signUp();
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await pngBytes());
    const response = await upload(formWith(big), cookie);
    expect(response.status).toBe(413);
  });
});

describe("GET /api/health", () => {
  it("answers 200 when the database answers", async () => {
    const response = await healthRoute.GET(makeRequest("/api/health"), noParams());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, database: "up" });
  });
});
