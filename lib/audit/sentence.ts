import { formatMoney } from "@/lib/money/format";
import { countOf, formatCount } from "@/models/count";
import { formatDate } from "@/models/dates";

/** What an audit entry needs to be told as a sentence. */
export type AuditEntryText = {
  actorEmail: string | null;
  actorId: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
};

type Values = Record<string, unknown>;

function values(value: unknown): Values {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Values) : {};
}

function text(value: unknown): string | null {
  return typeof value === "string" && value ? value : typeof value === "number" ? String(value) : null;
}

/** "on Nov 3, 2026" for a stored ISO time, in the shop's zone; "at a time not recorded" otherwise. */
function day(value: unknown): string {
  const iso = text(value);
  return iso && !Number.isNaN(Date.parse(iso)) ? `on ${formatDate(iso)}` : "at a time not recorded";
}

/**
 * What became of a deleted account's orders. "No orders were kept without their details" would read as
 * if some were kept with them, so an account without orders says so; entries without the count say "their".
 */
function ordersKept(count: unknown): string {
  if (typeof count !== "number") return "their orders were kept without their details";
  if (count === 0) return "they had no orders";
  return `${countOf(count, "order was", "orders were")} kept without their details`;
}

function money(value: unknown): string | null {
  return typeof value === "number" && Number.isInteger(value) ? formatMoney(value) : null;
}

const productFields: { key: string; label: string; show: (value: unknown) => string | null }[] = [
  { key: "name", label: "name", show: (v) => (text(v) ? `“${text(v)}”` : null) },
  { key: "priceCents", label: "price", show: money },
  { key: "stock", label: "stock", show: text },
  { key: "minOrderQuantity", label: "minimum order", show: text },
  { key: "imageUrl", label: "photo", show: (v) => (text(v) ? "a new one" : null) },
  { key: "description", label: "description", show: text },
];

/** "price $24.99 → $19.99, stock 420 → 400" for the fields an update changed. */
function productChanges(before: Values, after: Values): string {
  const changes = productFields
    .filter(({ key }) => before[key] !== after[key])
    // Entries written before descriptions were kept have none on either side: no change to tell.
    .filter(({ key }) => key !== "description" || (before[key] !== undefined && after[key] !== undefined))
    .map(({ key, label, show }) => {
      if (key === "imageUrl") return "a new photo";
      // A paragraph does not fit in a sentence: the entry's before and after hold both texts.
      if (key === "description") return "a new description";
      return `${label} ${show(before[key]) ?? "—"} → ${show(after[key]) ?? "—"}`;
    });
  return changes.length ? changes.join(", ") : "nothing visible";
}

/** "4-star review of “Claw Hammer”" (or "of the shop"), from what an entry kept of a review. */
function reviewOf(before: Values): string {
  const stars = typeof before.rating === "number" ? `${before.rating}-star ` : "";
  return `${stars}review of ${text(before.productName) ? `“${text(before.productName)}”` : "the shop"}`;
}

/** "the 2-star review of “Claw Hammer” by bo@x.test"; entries written before the author was kept name the review's id. */
function reviewTold(id: string, before: Values): string {
  const author = text(before.author);
  return author ? `the ${reviewOf(before)} by ${author}` : `review ${id}`;
}

/** Who did it: their address, the configuration, or a deleted account. */
export function auditActor(entry: Pick<AuditEntryText, "actorEmail" | "actorId">): string {
  if (entry.actorEmail) return entry.actorEmail;
  if (entry.actorId === "system:admin-emails") return "The ADMIN_EMAILS setting";
  return "A deleted account";
}

/**
 * An audit entry as one plain sentence: "ann@example.com changed the price of “Claw Hammer” from
 * $24.99 to $19.99." Unknown actions fall back to their code, so nothing is ever hidden.
 */
export function auditSentence(entry: AuditEntryText): string {
  const who = auditActor(entry);
  const before = values(entry.before);
  const after = values(entry.after);
  const subject = text(after.email) ?? text(before.email) ?? `account ${entry.entityId}`;
  const productName = text(after.name) ?? text(before.name) ?? entry.entityId;
  switch (entry.action) {
    case "product.create":
      return `${who} added “${productName}” at ${money(after.priceCents) ?? "—"}, ${text(after.stock) ?? "—"} in stock, minimum order ${text(after.minOrderQuantity) ?? "—"}.`;
    case "product.update":
      return `${who} changed “${text(before.name) ?? productName}”: ${productChanges(before, after)}.`;
    case "product.delete":
      return `${who} removed “${productName}” from the catalog.`;
    case "product.restore":
      return `${who} put “${productName}” back on sale at ${money(after.priceCents) ?? "—"}, ${text(after.stock) ?? "—"} in stock.`;
    case "order.delete": {
      const what = text(before.productName) ? ` of ${typeof before.quantity === "number" ? formatCount(before.quantity) : (text(before.quantity) ?? "?")} × ${text(before.productName)}` : "";
      const whose = text(before.email) ? ` by ${text(before.email)}` : "";
      return `${who} deleted order ${entry.entityId}${what}${whose}.`;
    }
    case "order.cancel": {
      const whose = text(before.email) ? ` of ${text(before.email)}` : "";
      return `${who} cancelled unpaid order ${text(before.number) ?? entry.entityId}${whose} (${money(before.totalCents) ?? "—"}); its stock went back on sale.`;
    }
    case "order.refund": {
      const reason = text(after.reason) ? `: “${text(after.reason)}”` : "";
      const stock = after.stockReturned === true ? " Its stock went back on sale." : "";
      return `${who} refunded order ${text(before.number) ?? entry.entityId} (${money(before.totalCents) ?? "—"})${reason}.${stock}`;
    }
    case "payment.auto_refund": {
      const reason = text(after.reason) ?? "a payment the order could not take";
      return `The shop refunded ${money(before.amountCents) ?? "a payment"} automatically: ${reason}.`;
    }
    case "payment.refund_failed": {
      const reason = text(after.reason) ? ` (Stripe says: ${text(after.reason)})` : "";
      return `A refund of ${money(before.amountCents) ?? "a payment"} did not reach the customer${reason}; the admins were mailed to pay it back another way.`;
    }
    case "message.erase":
      return `${who} erased a contact message received ${day(before.receivedAt)}.`;
    case "subscriber.erase":
      return `${who} erased a newsletter address signed up ${day(before.signedUpAt)}.`;
    case "order.shipping": {
      const theOrder = `order ${text(before.number) ?? entry.entityId}${text(before.email) ? ` of ${text(before.email)}` : ""}`;
      return after.shipping === "shipped" ? `${who} marked ${theOrder} as shipped.` : `${who} marked ${theOrder} as not shipped yet.`;
    }
    case "user.role": {
      const reason = text(after.reason) ? ` (${text(after.reason)})` : "";
      return after.role === "admin"
        ? `${who} made ${subject} an admin${reason}.`
        : `${who} removed admin rights from ${subject}${reason}.`;
    }
    case "user.disabled": {
      const cancelled =
        typeof after.ordersCancelled === "number" && after.ordersCancelled > 0
          ? `, and cancelled ${countOf(after.ordersCancelled, "unpaid order", "unpaid orders")} it could no longer pay`
          : "";
      return `${who} disabled the account of ${subject} and signed it out everywhere${cancelled}.`;
    }
    case "user.enabled":
      return `${who} enabled the account of ${subject} again.`;
    case "user.email-verified":
      return `${subject} confirmed their email address.`;
    case "user.email-changed":
      return `${text(before.email) ?? "An account"} changed their email address to ${text(after.email) ?? "a new one"}.`;
    case "user.phone-added":
      return `${who} added a sign-in phone number ending in ${text(after.phoneEnding) ?? "…"}${text(before.phoneEnding) ? ` (replacing one ending in ${text(before.phoneEnding)})` : ""}.`;
    case "user.phone-removed":
      return `${who} removed their sign-in phone number.`;
    case "user.two-factor": {
      const change = after.change;
      if (change === "turned-on") return `${who} turned on two-factor sign-in.`;
      if (change === "turned-off") return `${who} turned off two-factor sign-in.`;
      if (change === "new-backup-codes") return `${who} made new backup codes for two-factor sign-in.`;
      return `${who} changed their two-factor sign-in.`;
    }
    case "user.password-changed":
      return `${who} changed their password and signed out their other sessions.`;
    case "user.password-reset":
      return `${subject === `account ${entry.entityId}` ? who : subject} reset their password by email.`;
    case "user.deleted": {
      const cancelled = typeof after.ordersCancelled === "number" && after.ordersCancelled > 0 ? ` and ${countOf(after.ordersCancelled, "unpaid order was", "unpaid orders were")} cancelled` : "";
      return `${who === "A deleted account" ? "A customer" : who} deleted their account; ${ordersKept(after.ordersAnonymised)}${cancelled}.`;
    }
    case "review.hide":
      return `${who} hid ${reviewTold(entry.entityId, before)} from the shop.`;
    case "review.show":
      return `${who} put ${reviewTold(entry.entityId, before)} back on the shop.`;
    case "review.delete":
      return `${who} deleted their ${reviewOf(before)}${before.hidden === true ? ", which the shop had hidden" : ""}.`;
    default:
      return `${who}: ${entry.action} on ${entry.entity} ${entry.entityId}.`;
  }
}
