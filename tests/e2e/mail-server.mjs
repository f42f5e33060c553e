// A local mail server for the end-to-end run (started by playwright.config.ts): the shop delivers
// over real SMTP to it, and tests read what arrived through a small JSON API, as a person reads mail.
//   SMTP on MAIL_SMTP_PORT, GET /messages?to=<address> (newest first) and GET /health on MAIL_API_PORT.
import http from "node:http";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.MAIL_SMTP_PORT);
const apiPort = Number(process.env.MAIL_API_PORT);
const messages = [];

/** "=?UTF-8?Q?Caf=C3=A9?=" and "=?UTF-8?B?...?=" header words (RFC 2047) to text. */
function decodeWords(value) {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_, _charset, kind, text) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
  );
}

function decodeBody(body, encoding) {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const joined = body.replace(/=\r?\n/g, "");
    return Buffer.from(joined.replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");
  }
  return body;
}

/** A single-part text message as nodemailer writes the shop's mail: headers, subject and decoded text. */
function parse(raw) {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  return { subject: decodeWords(headers.subject ?? ""), from: headers.from ?? "", text: decodeBody(raw.slice(split + 4), encoding).replace(/\r\n/g, "\n") };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const parsed = parse(Buffer.concat(chunks).toString("latin1"));
      const receivedAt = new Date().toISOString();
      for (const to of session.envelope.rcptTo) {
        messages.push({ id: messages.length + 1, to: to.address.toLowerCase(), receivedAt, ...parsed });
      }
      callback();
    });
  },
});
smtp.listen(smtpPort, "127.0.0.1");

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://mail.local");
    if (url.pathname === "/health") {
      response.end("ok");
      return;
    }
    if (url.pathname === "/messages") {
      const to = (url.searchParams.get("to") ?? "").toLowerCase();
      const found = messages.filter((m) => !to || m.to === to).reverse();
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(found));
      return;
    }
    response.statusCode = 404;
    response.end();
  })
  .listen(apiPort, "127.0.0.1");

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
