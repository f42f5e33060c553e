import { EnvError, parseEnv } from "@/lib/env";

// The settings that point an outside service's SDK at another host, for the test suite's stand-ins:
// in production each would send the service's credentials there.
const TEST_ONLY = {
  STRIPE_API_BASE: "http://127.0.0.1:9911",
  CLOUDINARY_API_BASE: "http://127.0.0.1:9912",
  TWILIO_API_BASE: "http://127.0.0.1:9913",
};

describe("the configuration", () => {
  it.each(Object.entries(TEST_ONLY))("refuses %s in production, with one line naming it", (name, value) => {
    expect(() => parseEnv({ NODE_ENV: "production", [name]: value })).toThrow(
      new EnvError(`Invalid configuration: ${name} is a test-only setting and is refused in production`),
    );
  });

  it("takes the test-only settings outside production, and an empty value as unset", () => {
    expect(parseEnv({ NODE_ENV: "test", ...TEST_ONLY })).toMatchObject(TEST_ONLY);
    expect(parseEnv({ NODE_ENV: "production", TWILIO_API_BASE: "" }).TWILIO_API_BASE).toBeUndefined();
  });

  it("names a test-only setting that is not a URL", () => {
    expect(() => parseEnv({ NODE_ENV: "test", TWILIO_API_BASE: "twilio.local" })).toThrow("Invalid configuration: TWILIO_API_BASE must be an absolute URL");
  });
});
