// @ts-check
// The process's one pino logger: JSON lines (errors on stderr, the rest on stdout), each line
// carrying the id of the request it was written for, with personal data and secrets removed before
// it is written. The server creates it at start (pretty in development); code in the Next bundle
// reaches the same instance through globalThis (lib/log.ts), and jest gets a default one.
import pino from "pino";
import { currentRequest } from "./request-context.mjs";

/** @typedef {import("pino").Logger} Logger */
/** @typedef {"trace" | "debug" | "info" | "warn" | "error" | "fatal" | "silent"} LogLevel */

/** @type {readonly LogLevel[]} */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"];

const LOGGER = Symbol.for("toolforge.logger");

// Keys whose values are personal data or secrets, compared without case, "-" or "_".
const SECRET_KEYS = new Set([
  "to", "cc", "bcc", "from", "replyto", "recipient", "recipients", "subject", "text", "html", "name",
  "email", "emails", "phone", "phonenumber", "address", "shippingaddress",
  "cookie", "cookies", "setcookie", "authorization", "proxyauthorization",
  "password", "token", "secret", "otp", "card", "cardnumber", "pan", "cvc", "cvv", "expmonth", "expyear",
]);
const SECRET_KEY_SUFFIX = /(token|secret|password|email|phone|cookie|apikey)$/;

const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[a-z]{2,}/gi;
const AUTH_SCHEME = /\b(bearer|basic)\s+[\w.~+/=-]+/gi;
const SECRET_ASSIGNMENT = /\b([\w.-]*(?:token|secret|password|signature|code)[\w-]*=)[^;&\s"']+/gi;
const PHONE = /\+\d[\d\s().-]{6,}\d/g;
const DIGIT_RUN = /\b(?:\d[ -]?){12,18}\d\b/g;

/**
 * Luhn check (ISO/IEC 7812), so that long ids and timestamps are not mistaken for card numbers.
 * @param {string} digits
 */
function passesLuhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A string with emails, phone numbers, card numbers, tokens and credentials replaced.
 * @param {string} text
 */
export function redactText(text) {
  return text
    .replace(EMAIL, "[email]")
    .replace(AUTH_SCHEME, "$1 [redacted]")
    .replace(SECRET_ASSIGNMENT, "$1[redacted]")
    .replace(PHONE, "[phone]")
    .replace(DIGIT_RUN, (run) => (passesLuhn(run.replace(/\D/g, "")) ? "[card]" : run));
}

/**
 * A copy of a log value with secret keys blanked and every string passed through redactText.
 * @param {unknown} value
 * @param {number} [depth]
 * @returns {unknown}
 */
export function redactValue(value, depth = 0) {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return "[nested]";
  if (value instanceof Error) {
    return { type: value.name, message: redactText(value.message), stack: value.stack ? redactText(value.stack) : undefined };
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  /** @type {Record<string, unknown>} */
  const copy = {};
  for (const [key, item] of Object.entries(value)) {
    const normalised = key.toLowerCase().replace(/[-_]/g, "");
    copy[key] = SECRET_KEYS.has(normalised) || SECRET_KEY_SUFFIX.test(normalised) ? "[redacted]" : redactValue(item, depth + 1);
  }
  return copy;
}

/**
 * LOG_LEVEL when it names a level; otherwise info (warn under jest, where NODE_ENV is "test").
 * @param {Record<string, string | undefined>} env
 * @returns {LogLevel}
 */
export function logLevelFrom(env) {
  const configured = env.LOG_LEVEL?.trim().toLowerCase();
  const level = LOG_LEVELS.find((candidate) => candidate === configured);
  if (level) return level;
  return env.NODE_ENV === "test" ? "warn" : "info";
}

/** @returns {import("pino").DestinationStream} */
function standardStreams() {
  return pino.multistream(
    [
      { level: "trace", stream: pino.destination({ dest: 1, sync: true }) },
      { level: "error", stream: pino.destination({ dest: 2, sync: true }) },
    ],
    { dedupe: true },
  );
}

/**
 * @param {{ level?: LogLevel, destination?: import("pino").DestinationStream }} [options]
 * @returns {Logger}
 */
export function createLogger(options = {}) {
  return pino(
    {
      level: options.level ?? logLevelFrom(process.env),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const request = currentRequest();
        return request ? { reqId: request.id } : {};
      },
      hooks: {
        // Every argument of every log call (fields and message alike) is redacted before pino sees it.
        logMethod(args, method) {
          const redacted = /** @type {Parameters<typeof method>} */ (args.map((arg) => redactValue(arg)));
          method.apply(this, redacted);
        },
      },
    },
    options.destination ?? standardStreams(),
  );
}

/**
 * Makes `logger` the process's logger (the server does this before Next loads).
 * @param {Logger} logger
 */
export function installLogger(logger) {
  const holder = /** @type {{ [LOGGER]?: Logger }} */ (globalThis);
  holder[LOGGER] = logger;
}

/** The process's logger, created with the defaults if the server has not installed one. */
export function getLogger() {
  const holder = /** @type {{ [LOGGER]?: Logger }} */ (globalThis);
  holder[LOGGER] ??= createLogger();
  return holder[LOGGER];
}
