import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import * as contact from "@/app/api/contact/route";
import * as uploads from "@/app/api/uploads/route";
import { getDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { waitForPendingMail } from "@/lib/mail";
import { mailOutbox } from "@/models/schema";
import { makeRequest, noParams, pngBytes, signUp } from "@/tests/fixtures/http";

type Received = { from: string; to: string[]; body: string };

describe("mail over SMTP (a local smtp-server)", () => {
  const received: Received[] = [];
  let server: SMTPServer;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let body = "";
        stream.on("data", (chunk: Buffer) => (body += chunk.toString()));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            body,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
    process.env.MAIL_FROM = "ToolForge <shop@toolforge.test>";
    resetEnvForTests();
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    delete process.env.SMTP_URL;
    resetEnvForTests();
  });

  it("delivers the shop's notification and marks the outbox row sent", async () => {
    const response = await contact.POST(
      makeRequest("/api/contact", {
        method: "POST",
        json: { name: "Smtp Sam", email: "sam@toolforge.test", company: "Relay Ltd", country: "Norway", message: "Is SMTP working?" },
      }),
      noParams(),
    );
    expect(response.status).toBe(201);
    await waitForPendingMail();
    const mail = received.find((m) => m.body.includes("Is SMTP working?"));
    expect(mail).toMatchObject({ from: "shop@toolforge.test", to: ["boss@toolforge.test"] });
    // Reply goes to the visitor who wrote, not back to the shop.
    expect(mail?.body).toMatch(/^Reply-To: sam@toolforge\.test\r?$/m);
    expect(mail?.body).toContain("Reply to this mail to answer Smtp Sam.");
    const db = await getDb();
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "boss@toolforge.test"));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.replyTo).toBe("sam@toolforge.test");
    expect(row?.error).toBeNull();
  });
});

describe("image storage on Cloudinary (a local server playing its upload API)", () => {
  const calls: { path: string; fields: Record<string, string>; fileBytes: number }[] = [];
  let server: http.Server;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const form = await new Response(Buffer.concat(chunks), { headers: { "content-type": req.headers["content-type"] ?? "" } }).formData();
        const fields: Record<string, string> = {};
        let fileBytes = 0;
        for (const [key, value] of form) {
          if (typeof value === "string") fields[key] = value;
          else fileBytes = value.size;
        }
        calls.push({ path: req.url ?? "", fields, fileBytes });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ secure_url: `https://res.cloudinary.test/demo/image/upload/${fields.public_id}.webp` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    process.env.CLOUDINARY_URL = "cloudinary://key123:secret456@demo";
    process.env.CLOUDINARY_API_BASE = `http://127.0.0.1:${port}`;
    resetEnvForTests();
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    delete process.env.CLOUDINARY_URL;
    delete process.env.CLOUDINARY_API_BASE;
    resetEnvForTests();
  });

  it("uploads the re-encoded image with a valid signature and answers Cloudinary's URL", async () => {
    const { cookie } = await signUp();
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await pngBytes(64, 64))], { type: "image/png" }), "p.png");
    const response = await uploads.POST(makeRequest("/api/uploads", { method: "POST", body: form, cookie }), noParams());
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/res\.cloudinary\.test\/demo\/image\/upload\/toolforge\/[a-f0-9]{32}\.webp$/);

    const call = calls[0];
    expect(call?.path).toBe("/v1_1/demo/image/upload");
    expect(call?.fields.api_key).toBe("key123");
    expect(call?.fileBytes).toBeGreaterThan(0);
    // https://cloudinary.com/documentation/authentication_signatures: sha1 of the sorted params + secret.
    const expected = createHash("sha1")
      .update(`public_id=${call?.fields.public_id}&timestamp=${call?.fields.timestamp}secret456`)
      .digest("hex");
    expect(call?.fields.signature).toBe(expected);
  });
});
