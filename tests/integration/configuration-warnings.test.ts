import { buildEnv } from "@/lib/env";
import { configurationWarnings } from "@/lib/startup";

// What every start logs about a shop not ready for customers (lib/startup.ts).
const warningsFor = (source: Record<string, string>) => configurationWarnings(buildEnv({ NODE_ENV: "production", ...source }));
const about = (warnings: string[], variable: string) => warnings.filter((warning) => warning.startsWith(`${variable} `));

const STRIPE = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PUBLISHABLE_KEY: "pk_live_x" };
const TWILIO = { TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`, TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+15005550006" };

describe("start-up warnings about the configuration", () => {
  it("names every development stand-in of a bare `npm start`: the test processor, the mail and text outboxes, the local address", () => {
    const warnings = warningsFor({});
    expect(about(warnings, "STRIPE_SECRET_KEY")[0]).toMatch(/TEST processor, where Stripe's test card numbers pay any order/);
    expect(about(warnings, "SMTP_URL")).toHaveLength(1);
    expect(about(warnings, "TWILIO_ACCOUNT_SID")).toHaveLength(1);
    expect(about(warnings, "APP_URL")[0]).toContain("http://localhost:3000");
    expect(warnings).toHaveLength(4);
  });

  it("says nothing for a shop configured for customers", () => {
    expect(
      warningsFor({ ...STRIPE, ...TWILIO, STRIPE_WEBHOOK_SECRET: "whsec_x", SMTP_URL: "smtps://mail.example.com", MAIL_FROM: "Shop <shop@example.com>", APP_URL: "https://shop.example.com" }),
    ).toEqual([]);
  });

  it("warns of Stripe without its webhook, and of the default sender once mail goes out", () => {
    const warnings = warningsFor({ ...STRIPE, ...TWILIO, SMTP_URL: "smtps://mail.example.com", APP_URL: "https://shop.example.com" });
    expect(about(warnings, "STRIPE_WEBHOOK_SECRET")).toHaveLength(1);
    expect(about(warnings, "MAIL_FROM")[0]).toContain("with ADMIN_EMAILS empty the shop's own mail");
    expect(warnings).toHaveLength(2);
    const withAdmins = warningsFor({ ...STRIPE, ...TWILIO, STRIPE_WEBHOOK_SECRET: "whsec_x", SMTP_URL: "smtps://mail.example.com", APP_URL: "https://shop.example.com", ADMIN_EMAILS: "ann@example.com" });
    expect(about(withAdmins, "MAIL_FROM")[0]).toContain("replies to it reach nobody");
  });
});
