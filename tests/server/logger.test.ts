import { createLogger, logLevelFrom, redactText } from "@/server/logger.mjs";
import { requestContextStorage } from "@/server/request-context.mjs";

function capture(level: "info" | "warn" = "info") {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const logger = createLogger({
    level,
    destination: {
      write(line: string) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  });
  return { logger, lines, raw };
}

describe("the logger", () => {
  it("writes one JSON line with the level, the time and the id of the request being handled", () => {
    const { logger, lines } = capture();
    requestContextStorage().run({ id: "req-12345678" }, () => logger.info({ orderId: "ord_1" }, "order placed"));
    logger.info("outside any request");
    expect(lines[0]).toMatchObject({ level: "info", msg: "order placed", orderId: "ord_1", reqId: "req-12345678" });
    expect(typeof lines[0]?.time).toBe("string");
    expect(lines[1]?.reqId).toBeUndefined();
  });

  it("never writes emails, phone numbers, card numbers, tokens, passwords or cookies", () => {
    const { logger, raw } = capture();
    logger.warn(
      {
        to: "alice@example.com",
        subject: "New message from Petra Probe",
        customer: { name: "Petra Probe" },
        user: { email: "bob@example.com", phone: "+1 555 010 0199", password: "hunter2-hunter2" },
        card: { number: "4242424242424242", cvc: "123" },
        headers: { cookie: "toolforge.session_token=abc.def", authorization: "Bearer sk_live_abcdef" },
        error: "SMTP refused carol@example.com; retry with token=zzz999 for +44 20 7946 0958 and card 4000 0025 0000 3155",
        orderNumber: "TF-1001",
        orderedAt: "2026-11-23T10:00:00.000Z",
        epochMs: "1795290356798",
      },
      "mail for dave@example.com failed (Bearer eyJhbGciOi.payload.sig)",
    );
    const text = raw.join("");
    for (const secret of ["Petra", "alice@", "bob@", "carol@", "dave@", "555 010", "7946", "4242424242424242", "4000 0025", "123\"", "hunter2", "abc.def", "sk_live", "zzz999", "eyJhbGciOi"]) {
      expect(text).not.toContain(secret);
    }
    // What an operator needs stays readable.
    expect(text).toContain("TF-1001");
    expect(text).toContain("2026-11-23T10:00:00.000Z");
    expect(text).toContain("1795290356798");
  });

  it("honours LOG_LEVEL", () => {
    expect(logLevelFrom({ LOG_LEVEL: "debug" })).toBe("debug");
    expect(logLevelFrom({ LOG_LEVEL: "nonsense" })).toBe("info");
    expect(logLevelFrom({ NODE_ENV: "test" })).toBe("warn");
    const { logger, lines } = capture("warn");
    logger.info("hidden");
    logger.warn("shown");
    expect(lines.map((line) => line.msg)).toEqual(["shown"]);
  });

  it("redacts free text", () => {
    expect(redactText("reset link https://shop.test/reset?token=abc123&x=1 sent to eve@example.org")).toBe(
      "reset link https://shop.test/reset?token=[redacted]&x=1 sent to [email]",
    );
  });
});
