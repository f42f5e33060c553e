import * as signInPhone from "@/app/api/sign-in/phone/route";
import * as signInPhoneCode from "@/app/api/sign-in/phone/code/route";
import * as mePhoneCode from "@/app/api/me/phone/code/route";
import { waitForAccountTasks } from "@/lib/accounts/background";
import { resetEnvForTests } from "@/lib/env";
import { FakeTwilio } from "@/tests/fixtures/fake-twilio";
import { cookiesFrom, makeRequest, noParams, signUp } from "@/tests/fixtures/http";
import { addPhoneNumber, latestText, uniquePhoneNumber } from "@/tests/fixtures/phone";

const ACCOUNT_SID = `AC${"0123456789abcdef".repeat(2)}`;
const AUTH_TOKEN = "twilio-auth-token-for-tests";
const FROM = "+15005550006";

describe("texts through Twilio's Messages API (a local stand-in)", () => {
  const twilio = new FakeTwilio(ACCOUNT_SID, AUTH_TOKEN);
  let phoneNumber: string;
  let cookie: string;

  beforeAll(async () => {
    // The number is added while the outbox is the sender, then Twilio is switched on.
    ({ cookie } = await signUp());
    phoneNumber = uniquePhoneNumber();
    await addPhoneNumber(cookie, phoneNumber);
    process.env.TWILIO_API_BASE = await twilio.start();
    process.env.TWILIO_ACCOUNT_SID = ACCOUNT_SID;
    process.env.TWILIO_AUTH_TOKEN = AUTH_TOKEN;
    process.env.TWILIO_FROM = FROM;
    resetEnvForTests();
  });

  afterAll(async () => {
    await twilio.stop();
    for (const name of ["TWILIO_API_BASE", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]) delete process.env[name];
    resetEnvForTests();
  });

  it("sends the sign-in code with the account's credentials, and keeps nothing in the outbox", async () => {
    const outboxBefore = await latestText(phoneNumber);
    const sent = await signInPhoneCode.POST(makeRequest("/api/sign-in/phone/code", { method: "POST", json: { phoneNumber } }), noParams());
    expect(sent.status).toBe(202);
    await waitForAccountTasks();
    const message = twilio.messages.at(-1);
    expect(message).toMatchObject({ accountSid: ACCOUNT_SID, to: phoneNumber, from: FROM, messagingServiceSid: null });
    expect(message?.body).toMatch(/^\d{6} is your ToolForge sign-in code\./);
    expect(await latestText(phoneNumber)).toBe(outboxBefore);

    const code = /^(\d{6})/.exec(message?.body ?? "")?.[1] ?? "";
    const signedIn = await signInPhone.POST(makeRequest("/api/sign-in/phone", { method: "POST", json: { phoneNumber, code } }), noParams());
    expect(signedIn.status).toBe(200);
    expect(cookiesFrom(signedIn)).toMatch(/toolforge\.session_token=/);
  });

  it("tells a signed-in person plainly when Twilio refuses their new number", async () => {
    const refused = uniquePhoneNumber();
    twilio.invalidNumbers.add(refused);
    try {
      const sent = await mePhoneCode.POST(makeRequest("/api/me/phone/code", { method: "POST", json: { phoneNumber: refused }, cookie }), noParams());
      expect(sent.status).toBe(503);
      expect(((await sent.json()) as { error: { message: string } }).error.message).toBe(
        "We could not send a text message to this number just now. Check the number and try again in a few minutes.",
      );
    } finally {
      twilio.invalidNumbers.delete(refused);
    }
  });

  it("answers a sign-in code request the same whether or not the number has an account, even when Twilio refuses it", async () => {
    const stranger = uniquePhoneNumber();
    twilio.invalidNumbers.add(phoneNumber);
    twilio.invalidNumbers.add(stranger);
    try {
      const answers = [];
      for (const number of [phoneNumber, stranger]) {
        const sent = await signInPhoneCode.POST(makeRequest("/api/sign-in/phone/code", { method: "POST", json: { phoneNumber: number } }), noParams());
        answers.push({ status: sent.status, body: (await sent.json()) as unknown });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]?.status).toBe(202);
      // Twilio refused the account's text after the answer had gone: nothing was sent.
      const sentBefore = twilio.messages.length;
      await waitForAccountTasks();
      expect(twilio.messages.length).toBe(sentBefore);
    } finally {
      twilio.invalidNumbers.delete(phoneNumber);
      twilio.invalidNumbers.delete(stranger);
    }
  });

  it("sends through a Messaging Service when TWILIO_FROM names one", async () => {
    const service = `MG${"ab".repeat(16)}`;
    process.env.TWILIO_FROM = service;
    resetEnvForTests();
    try {
      const other = uniquePhoneNumber();
      const { cookie: otherCookie } = await signUp();
      const added = await import("@/app/api/me/phone/code/route");
      const response = await added.POST(makeRequest("/api/me/phone/code", { method: "POST", json: { phoneNumber: other }, cookie: otherCookie }), noParams());
      expect(response.status).toBe(202);
      expect(twilio.messages.at(-1)).toMatchObject({ to: other, from: null, messagingServiceSid: service });
    } finally {
      process.env.TWILIO_FROM = FROM;
      resetEnvForTests();
    }
  });
});
