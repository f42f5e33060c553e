import { jest } from "@jest/globals";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as meRoute from "@/app/api/me/route";
import { AUTH_ROUTES, findAuthRoute } from "@/lib/accounts/auth-routes";
import { getAuth } from "@/lib/auth";
import { makeRequest, noParams, signUp, uniqueEmail } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";

type Endpoint = { path?: string; options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } } };

function call(method: "GET" | "POST", path: string, init: { cookie?: string; json?: unknown } = {}): Promise<Response> {
  const request = makeRequest(`/api/auth${path}`, { method, cookie: init.cookie, json: method === "POST" ? (init.json ?? {}) : undefined });
  return (method === "GET" ? authRoute.GET : authRoute.POST)(request, noParams());
}

/** Every method + path better-auth (and its plugins) would answer, with `:params` filled in. */
async function everyBetterAuthEndpoint(): Promise<{ method: "GET" | "POST"; path: string }[]> {
  const auth = await getAuth();
  const found: { method: "GET" | "POST"; path: string }[] = [];
  for (const endpoint of Object.values(auth.api) as Endpoint[]) {
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const methods = [endpoint.options?.method ?? "GET"].flat();
    for (const method of methods) {
      if (method === "GET" || method === "POST") found.push({ method, path: endpoint.path.replace(/:[a-zA-Z]+/g, "x") });
    }
  }
  return found;
}

// The admin plugin's routes (better-auth 1.7), which used to answer around our audited rules.
const ADMIN_PLUGIN_PATHS = [
  "/admin/set-role",
  "/admin/get-user",
  "/admin/create-user",
  "/admin/update-user",
  "/admin/list-users",
  "/admin/list-user-sessions",
  "/admin/unban-user",
  "/admin/ban-user",
  "/admin/impersonate-user",
  "/admin/stop-impersonating",
  "/admin/revoke-user-session",
  "/admin/revoke-user-sessions",
  "/admin/remove-user",
  "/admin/set-user-password",
  "/admin/has-permission",
];

describe("the /api/auth allowlist", () => {
  it("matches a listed method and path, with or without the /api/auth prefix, and nothing else", () => {
    expect(findAuthRoute("POST", "/api/auth/sign-in/email")?.path).toBe("/sign-in/email");
    expect(findAuthRoute("post", "/sign-in/email/")?.path).toBe("/sign-in/email");
    expect(findAuthRoute("GET", "/api/auth/callback/google")?.path).toBe("/callback/:provider");
    expect(findAuthRoute("GET", "/api/auth/sign-in/email")).toBeNull();
    expect(findAuthRoute("GET", "/api/auth/callback")).toBeNull();
    expect(findAuthRoute("GET", "/api/auth/callback/google/extra")).toBeNull();
    expect(findAuthRoute("POST", "/api/auth/sign-up/email")).toBeNull();
    expect(findAuthRoute("POST", "/api/auth/admin/set-role")).toBeNull();
  });
});

describe("better-auth's endpoints behind the allowlist", () => {
  let sessions: { customer: string; admin: string };

  beforeAll(async () => {
    sessions = { customer: (await signUp()).cookie, admin: (await signUpAdmin()).cookie };
  });

  it("answers 404 on every endpoint better-auth defines that is not on the allowlist, even for an admin", async () => {
    const closed = (await everyBetterAuthEndpoint()).filter(({ method, path }) => !findAuthRoute(method, path));
    // The list comes from better-auth itself, so a plugin added later is checked too.
    expect(closed.map((e) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining(["POST /sign-up/email", "POST /update-user", "POST /change-email", "POST /delete-user", "POST /revoke-sessions", "GET /list-sessions", "POST /request-password-reset"]),
    );
    for (const { method, path } of closed) {
      for (const cookie of [undefined, sessions.customer, sessions.admin]) {
        const response = await call(method, path, { cookie });
        expect([`${method} ${path}`, response.status]).toEqual([`${method} ${path}`, 404]);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
      }
    }
  });

  it.each(ADMIN_PLUGIN_PATHS)("POST %s answers 404 to an admin", async (path) => {
    const response = await call("POST", path, { cookie: sessions.admin, json: { userId: "x", role: "admin", newPassword: "whatever-long" } });
    expect(response.status).toBe(404);
  });

  it("refuses sign-up through better-auth: /api/register (photo rules included) is the one way in", async () => {
    const email = uniqueEmail("sneaky");
    const response = await call("POST", "/sign-up/email", { json: { email, name: "Sneaky", password: "long-enough-pw" } });
    expect(response.status).toBe(404);
    const signIn = await call("POST", "/sign-in/email", { json: { email, password: "long-enough-pw" } });
    expect(signIn.status).toBe(401);
  });

  it("refuses update-user, so an account cannot give itself a remote or script image", async () => {
    for (const image of ["https://tracker.example/pixel.gif", "javascript:alert(1)"]) {
      const response = await call("POST", "/update-user", { cookie: sessions.customer, json: { image } });
      expect(response.status).toBe(404);
    }
    const me = (await (await meRoute.GET(makeRequest("/api/me", { cookie: sessions.customer }), noParams())).json()) as { imageUrl: string };
    expect(me.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  });

  it("keeps any image the shop did not store off an account, however better-auth is asked to write it", async () => {
    const auth = await getAuth();
    const { internalAdapter } = await auth.$context;
    const person = await signUp();
    const stored = (await internalAdapter.findUserById(person.userId))?.image;
    expect(stored).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    await internalAdapter.updateUser(person.userId, { image: "https://tracker.example/pixel.gif", name: "Renamed" });
    expect(await internalAdapter.findUserById(person.userId)).toMatchObject({ image: stored, name: "Renamed" });

    const created = await auth.api.signUpEmail({ body: { email: uniqueEmail("remote"), name: "Remote", password: "long-enough-pw", image: "javascript:alert(1)" } });
    expect(created.user.image).toBeNull();
  });

  it("keeps every allowlisted endpoint answering (none of them 404)", async () => {
    // The callback without a started sign-in is refused by better-auth, which logs it.
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    for (const route of AUTH_ROUTES) {
      const path = route.path.replace(":provider", "github");
      const response = await call(route.method, path, { cookie: sessions.customer, json: route.path === "/sign-in/email" ? { email: uniqueEmail(), password: "x" } : {} });
      expect([route.path, response.status]).not.toEqual([route.path, 404]);
    }
    jest.restoreAllMocks();
  });

  it("answers better-auth's failures with the shop's plain words, in better-auth's shape", async () => {
    const unknown = await call("POST", "/sign-in/email", { json: { email: uniqueEmail("nobody"), password: "some-password" } });
    const known = await signUp({ password: "the-right-one" });
    const wrong = await call("POST", "/sign-in/email", { json: { email: known.email, password: "not-the-right-one" } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    // Wrong password and unknown account read exactly the same.
    expect(await unknown.json()).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Wrong email or password." });
    expect(await wrong.json()).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Wrong email or password." });
  });
});
