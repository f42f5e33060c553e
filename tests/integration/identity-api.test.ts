import * as identityRoute from "@/app/api/me/identity/route";
import * as me from "@/app/api/me/route";
import * as reviews from "@/app/api/reviews/route";
import * as uploadFile from "@/app/uploads/[name]/route";
import { changeIdentity } from "@/lib/accounts/identity";
import type { Actor } from "@/lib/accounts/roles";
import { makeRequest, multipartForm, noParams, pngBytes, type Session, signUp } from "@/tests/fixtures/http";
import { uploadedNames } from "@/tests/fixtures/uploads";

/** PATCH /api/me/identity: a signed-in person changes their own name and/or photo. */

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Account = { id: string; name: string; email: string; imageUrl: string | null; role: string };
type Review = { authorName: string; authorImageUrl: string | null; text: string };


const change = (session: Session | null, body: BodyInit, headers?: Record<string, string>) =>
  identityRoute.PATCH(makeRequest("/api/me/identity", { method: "PATCH", body, cookie: session?.cookie, headers }), noParams());
const account = async (session: Session) => (await (await me.GET(makeRequest("/api/me", { cookie: session.cookie }), noParams())).json()) as Account;
const fileName = (url: string | null) => (url ?? "").replace(/^\/uploads\//, "");
const publicReviews = async () => ((await (await reviews.GET(makeRequest("/api/reviews"), noParams())).json()) as { items: Review[] }).items;

describe("PATCH /api/me/identity", () => {
  it("needs a signed-in account (401), and refuses a post from another site (403)", async () => {
    expect((await change(null, multipartForm({ name: "Nobody" }))).status).toBe(401);
    const person = await signUp({ name: "Cross Site" });
    expect((await change(person, multipartForm({ name: "Hijacked" }), { origin: "https://evil.example" })).status).toBe(403);
    expect((await account(person)).name).toBe("Cross Site");
  });

  it("changes the name alone and keeps the photo", async () => {
    const person = await signUp({ name: "Old Name" });
    const before = await account(person);
    const response = await change(person, multipartForm({ name: "  New Name  " }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: person.userId, name: "New Name", email: person.email, imageUrl: before.imageUrl, role: "customer" });
    expect(await account(person)).toMatchObject({ name: "New Name", imageUrl: before.imageUrl });
    expect(await uploadedNames()).toContain(fileName(before.imageUrl));
  });

  it("changes name and photo: the new photo is re-encoded as WebP and served, the old one is removed", async () => {
    const person = await signUp({ name: "Photo Changer" });
    const oldUrl = (await account(person)).imageUrl;
    expect(await uploadedNames()).toContain(fileName(oldUrl));

    const response = await change(person, multipartForm({ name: "Photo Changed", photo: await pngBytes(120, 80) }));
    expect(response.status).toBe(200);
    const changed = (await response.json()) as Account;
    expect(changed.name).toBe("Photo Changed");
    expect(changed.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(changed.imageUrl).not.toBe(oldUrl);
    expect(await account(person)).toMatchObject({ name: "Photo Changed", imageUrl: changed.imageUrl });

    const names = await uploadedNames();
    expect(names).toContain(fileName(changed.imageUrl));
    expect(names).not.toContain(fileName(oldUrl));
    const served = await uploadFile.GET(makeRequest(changed.imageUrl as string), noParams({ name: fileName(changed.imageUrl) }));
    expect(served.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await served.arrayBuffer()).slice(8, 12))).toBe("WEBP");
    const gone = await uploadFile.GET(makeRequest(oldUrl as string), noParams({ name: fileName(oldUrl) }));
    expect(gone.status).toBe(404);
  });

  it("changes the photo alone and keeps the name", async () => {
    const person = await signUp({ name: "Keeps Name" });
    const oldUrl = (await account(person)).imageUrl;
    const response = await change(person, multipartForm({ photo: await pngBytes() }));
    expect(response.status).toBe(200);
    const changed = (await response.json()) as Account;
    expect(changed).toMatchObject({ name: "Keeps Name" });
    expect(changed.imageUrl).not.toBe(oldUrl);
    expect(await uploadedNames()).not.toContain(fileName(oldUrl));
  });

  it("takes an empty file input as 'keep the photo', as a browser sends it", async () => {
    const person = await signUp({ name: "Empty Picker" });
    const oldUrl = (await account(person)).imageUrl;
    // What a browser sends for a file input left empty: a part with filename="" and no bytes.
    const boundary = "identity-boundary";
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="name"', "", "Still Pictured", `--${boundary}`, 'Content-Disposition: form-data; name="photo"; filename=""', "Content-Type: application/octet-stream", "", "", `--${boundary}--`, ""].join("\r\n");
    const response = await change(person, body, { "content-type": `multipart/form-data; boundary=${boundary}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: "Still Pictured", imageUrl: oldUrl });
    // And what Node's FormData sends for an empty, nameless blob: an empty text part.
    const form = multipartForm({ name: "Still Pictured Twice" });
    form.set("photo", new Blob([]), "");
    const again = await change(person, form);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ name: "Still Pictured Twice", imageUrl: oldUrl });
  });

  it.each([
    ["an empty name", { name: "" }, 422, { name: "Enter your name" }],
    ["a blank name", { name: "   " }, 422, { name: "Enter your name" }],
    ["a name over 80 characters", { name: "x".repeat(81) }, 422, { name: "Use at most 80 characters" }],
    ["a name with a NUL character", { name: "Nul\u0000Name" }, 422, { name: "Enter your name without control characters" }],
    ["neither a name nor a photo", {}, 422, { name: "Enter your name", photo: "Add a profile photo" }],
    ["a photo sent as a URL", { name: "Url Photo", photo: "https://evil.example/me.png" }, 422, { photo: "Add a profile photo" }],
    ["an unknown field", { name: "Extra", image: "/uploads/x.webp" }, 422, { image: 'Unknown field "image"' }],
  ])("refuses %s and changes nothing", async (_label, fields, status, expected) => {
    const person = await signUp({ name: "Unchanged Person" });
    const before = await account(person);
    const uploads = await uploadedNames();
    const response = await change(person, multipartForm(fields));
    expect(response.status).toBe(status);
    expect(((await response.json()) as ErrorBody).error.fields).toEqual(expected);
    expect(await account(person)).toMatchObject({ name: "Unchanged Person", imageUrl: before.imageUrl });
    expect(await uploadedNames()).toEqual(uploads);
  });

  it("refuses a file that is not an image with 415, as registration does, and keeps name and photo", async () => {
    const person = await signUp({ name: "Text File" });
    const before = await account(person);
    const uploads = await uploadedNames();
    const response = await change(person, multipartForm({ name: "Renamed Anyway", photo: new TextEncoder().encode("definitely not an image") }));
    expect(response.status).toBe(415);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.fields?.photo).toBe("Upload a JPEG, PNG, WebP, GIF or AVIF image.");
    expect(await account(person)).toMatchObject({ name: "Text File", imageUrl: before.imageUrl });
    expect(await uploadedNames()).toEqual(uploads);
  });

  it("refuses SVG (it can carry scripts) with 415", async () => {
    const person = await signUp();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const response = await change(person, multipartForm({ photo: svg }, "image/svg+xml"));
    expect(response.status).toBe(415);
  });

  it("refuses a photo over 5 MB with 413 naming the photo, and a body far over it with 413", async () => {
    const person = await signUp({ name: "Big Photo" });
    const before = await account(person);
    const uploads = await uploadedNames();
    const justOver = new Uint8Array(5 * 1024 * 1024 + 1);
    justOver.set(await pngBytes());
    const over = await change(person, multipartForm({ name: "Too Big", photo: justOver }));
    expect(over.status).toBe(413);
    expect(((await over.json()) as ErrorBody).error.fields?.photo).toBe("Images must be 5 MB or smaller.");

    const farOver = new Uint8Array(6 * 1024 * 1024);
    farOver.set(await pngBytes());
    expect((await change(person, multipartForm({ name: "Too Big", photo: farOver }))).status).toBe(413);
    expect(await account(person)).toMatchObject({ name: "Big Photo", imageUrl: before.imageUrl });
    expect(await uploadedNames()).toEqual(uploads);
  });

  it("refuses a JSON body with 415, as registration does", async () => {
    const person = await signUp();
    const response = await identityRoute.PATCH(makeRequest("/api/me/identity", { method: "PATCH", json: { name: "Json Name" }, cookie: person.cookie }), noParams());
    expect(response.status).toBe(415);
  });

  it("removes the new photo again when the account cannot be written", async () => {
    const uploads = await uploadedNames();
    const gone = { userId: "usr_no_such_account", role: "customer" } as Actor;
    await expect(changeIdentity(gone, { name: "Ghost", photo: await pngBytes() })).rejects.toMatchObject({ kind: "not_found" });
    expect(await uploadedNames()).toEqual(uploads);
  });

  it("shows the new name and photo on the author's review in the public reviews read", async () => {
    const author = await signUp({ name: "Review Author" });
    const text = `Identity review ${Date.now()}: sturdy and well made.`;
    const written = await reviews.POST(makeRequest("/api/reviews", { method: "POST", json: { text, rating: 4 }, cookie: author.cookie }), noParams());
    expect(written.status).toBe(201);
    // Read once, so the public list is cached with the old name and photo.
    const before = (await publicReviews()).find((r) => r.text === text);
    expect(before).toMatchObject({ authorName: "Review Author" });

    const response = await change(author, multipartForm({ name: "Renamed Author", photo: await pngBytes(64, 64) }));
    expect(response.status).toBe(200);
    const changed = (await response.json()) as Account;

    const after = (await publicReviews()).find((r) => r.text === text);
    expect(after).toMatchObject({ authorName: "Renamed Author", authorImageUrl: changed.imageUrl });
    expect(after?.authorImageUrl).not.toBe(before?.authorImageUrl);
  });
});
