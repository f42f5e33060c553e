"use client";

import { useSyncExternalStore } from "react";
import { serialSaves } from "./save-queue";

/**
 * The cart in the browser. Signed out, it lives in localStorage; signed in, on the account
 * (GET/PUT /api/cart), so it follows the customer across devices. At sign-in the browser's cart joins
 * the account's (CartSync). Only product ids and quantities are kept here: prices and stock always
 * come from the server.
 */
export type CartEntry = { productId: string; quantity: number };
/**
 * `settled`: whether the cart is known, that is the session has been read and, signed in, the account's
 * cart with it. `unread`: signed in, but the account's cart could not be read (a failed GET /api/cart);
 * the cart is then the browser's until the next page joins them, and "empty" would be a guess.
 * `noLongerOnSale`: products the account's cart held that are no longer on sale (GET /api/cart names
 * them), kept to tell the customer until the cart is saved again.
 */
export type OffSale = { productId: string; name: string };
type CartState = { lines: CartEntry[]; mode: "local" | "account"; error: string | null; settled: boolean; unread: boolean; noLongerOnSale: OffSale[] };

const STORAGE_KEY = "toolforge.cart";
const EMPTY: CartState = { lines: [], mode: "local", error: null, settled: false, unread: false, noLongerOnSale: [] };

let state: CartState = EMPTY;
let loaded = false;
const listeners = new Set<() => void>();

/**
 * Resolves once the cart is known (the first joinAccountCart has ended), then with the latest join.
 * Every change waits for it: a signed-in customer's click on Add to cart before the account's cart
 * had arrived used to land in the browser's empty cart, say "added" and then lose the unit when the
 * account's cart (with the larger quantity) replaced it.
 */
let markSettled: () => void = () => undefined;
let ready: Promise<void> = new Promise<void>((resolve) => {
  markSettled = resolve;
});

function emit(): void {
  for (const listener of listeners) listener();
}

function isEntry(value: unknown): value is CartEntry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.productId === "string" && typeof entry.quantity === "number" && Number.isInteger(entry.quantity) && entry.quantity > 0;
}

function readLocal(): CartEntry[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, 50) : [];
  } catch {
    return [];
  }
}

function writeLocal(lines: CartEntry[]): void {
  try {
    if (lines.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Private mode or a full storage: the cart lasts for this page only.
  }
}

function ensureLoaded(): void {
  if (loaded || typeof window === "undefined") return;
  loaded = true;
  state = { ...state, lines: readLocal() };
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEY && state.mode === "local") {
      state = { ...state, lines: readLocal() };
      emit();
    }
  });
}

function subscribe(listener: () => void): () => void {
  ensureLoaded();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCart(): CartState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => EMPTY,
  );
}

type PutAnswer = { ok: true } | { ok: false; message: string; fields: Record<string, string> };

/**
 * How long a save may take before it ends as one that could not be made (as with no connection).
 * Saves run one at a time (serialSaves), so a PUT that never answers (a connection that dropped
 * without the browser noticing) would otherwise hold every later save behind it while the page is open.
 */
const SAVE_TIMEOUT_MS = 15_000;

async function putAccountCart(lines: CartEntry[]): Promise<PutAnswer> {
  try {
    const response = await fetch("/api/cart", {
      method: "PUT",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ items: lines }),
      // A change made just before the customer leaves the page (Add to cart, then a link) still
      // reaches the account: the browser finishes the request after the page has gone. 50 lines are
      // far under keepalive's 64 KB.
      keepalive: true,
      signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
    return { ok: false, message: body?.error?.message ?? "The cart could not be saved.", fields: body?.error?.fields ?? {} };
  } catch {
    return { ok: false, message: "The cart could not be saved: check your connection.", fields: {} };
  }
}

/**
 * The cart the account holds as far as this page knows: the one read or joined at sign-in, then each
 * one a save sent and the account accepted. A refused change is taken back to this, not to the page
 * as it was when the change was made: with two changes of one product on their way, that page could
 * hold a line the account never had, and every later save would carry it and be refused in turn.
 */
let accepted: CartEntry[] = [];

/**
 * A change to one product's line that is taken back when the save carrying it is refused (an Add to
 * cart, a Remove): the quantity it left the line at, or null when it took the line out.
 */
type Change = { productId: string; quantity: number | null };

/** The changes made since the account's cart was last sent that are taken back if the save carrying them is refused. */
let unsent: Change[] = [];

/**
 * `lines` with a refused change taken back: the product's line becomes the one the account holds, in
 * its place there, or goes when the account holds none. A line changed again since is left as the
 * later change made it: that change is still to be sent, and is taken back, or not, by its own save.
 */
function takeBack(lines: CartEntry[], change: Change): CartEntry[] {
  const now = lines.find((line) => line.productId === change.productId);
  if ((now?.quantity ?? null) !== change.quantity) return lines;
  const rest = now ? lines.filter((line) => line !== now) : lines;
  const at = accepted.findIndex((line) => line.productId === change.productId);
  const held = accepted[at];
  if (!held) return rest;
  // Its place in the account's cart: after the last line still on the page that comes before it there.
  // A Remove and then an Add put it at the end of the page, where the next save would move it too.
  const before = new Set(accepted.slice(0, at).map((line) => line.productId));
  const place = rest.findLastIndex((line) => before.has(line.productId)) + 1;
  return [...rest.slice(0, place), held, ...rest.slice(place)];
}

/**
 * A refused save: the server's reason, and the products of the lines its `fields` name as at fault
 * (none when no one line is: no connection, a 51st product).
 */
type Refusal = { message: string; blamed: string[] };

/** The products of the lines a refusal's fields name: `items.2.quantity` is the third line sent. */
function blamedProducts(fields: Record<string, string>, sent: CartEntry[]): string[] {
  return Object.keys(fields).flatMap((key) => {
    const index = /^items\.(\d+)\./.exec(key)?.[1];
    const line = index === undefined ? undefined : sent[Number(index)];
    return line ? [line.productId] : [];
  });
}

/**
 * Why the change to `productId` was refused, as that change's own answer says it. The changes made
 * while a save was in flight go out together and are refused together for one line's fault; when the
 * refusal names only other lines, the server's "Hammer: Order between 6 and 12 units" alone, given as
 * the reason Add to cart of a saw failed, would read as the saw's fault, so the answer says that
 * another product has to be put right first.
 */
function reasonFor(productId: string, refusal: Refusal): string {
  if (refusal.blamed.length === 0 || refusal.blamed.includes(productId)) return refusal.message;
  return `First fix or remove another product in your cart (${refusal.message})`;
}

/**
 * Saves the account's cart as it is when the save starts, one save at a time (serialSaves says why).
 * A refused save takes back the changes it carried that say how (an Add to cart, a Remove), newest
 * first, before the next save starts, so the next one does not carry them again.
 */
const saveAccountCart = serialSaves(async (): Promise<Refusal | null> => {
  const changes = unsent;
  unsent = [];
  // Signed out while this save waited: the cart is the browser's again (join).
  if (state.mode !== "account") return null;
  const sent = state.lines;
  const answer = await putAccountCart(sent);
  if (answer.ok) {
    accepted = sent;
    // The account now holds every line of this save: they were all on sale and in quantities it
    // takes, so an earlier refusal's message no longer holds, and the products that were not on sale
    // have left the saved cart.
    if (state.error !== null || state.noLongerOnSale.length > 0) {
      state = { ...state, error: null, noLongerOnSale: [] };
      emit();
    }
    return null;
  }
  state = { ...state, lines: changes.reduceRight(takeBack, state.lines), error: answer.message };
  emit();
  return { message: answer.message, blamed: blamedProducts(answer.fields, sent) };
});

/** Replaces the cart's lines; signed in, the account's cart is saved too. Answers the server's complaint, if any. */
export async function saveCart(lines: CartEntry[]): Promise<string | null> {
  await ready;
  return (await save(lines))?.message ?? null;
}

/**
 * The cart's lines become `lines` at once; signed in, the account's cart is saved after any save in
 * flight. `change` is taken back if the account refuses the save that carries it; without it the page
 * keeps the change and shows the refusal. Answers the refusal, if any.
 */
function save(lines: CartEntry[], change?: Change): Promise<Refusal | null> {
  state = { ...state, lines, error: null };
  emit();
  if (state.mode === "local") {
    writeLocal(lines);
    return Promise.resolve(null);
  }
  if (change) unsent.push(change);
  return saveAccountCart();
}

/**
 * What Add to cart did: put the product in the cart, added units to its line, found all of the stock
 * there already, or was refused by the server (the cart is then as it was, and `message` says why).
 */
export type AddToCartOutcome =
  | { kind: "added"; quantity: number }
  | { kind: "more"; quantity: number }
  | { kind: "full" }
  | { kind: "refused"; message: string };

/**
 * Saves the cart with one product's line changed. When the account's cart refuses it (a 51st product,
 * a quantity no longer on sale, no connection), that line is put back as the account holds it, so the
 * page shows, and the next save sends, only what the account holds (takeBack). Answers the refusal
 * (reasonFor), if any; Add to cart says it, so the page does not.
 */
async function saveLine(productId: string, line: CartEntry): Promise<string | null> {
  const present = state.lines.some((entry) => entry.productId === productId);
  const lines = present ? state.lines.map((entry) => (entry.productId === productId ? line : entry)) : [...state.lines, line];
  const refusal = await save(lines, { productId, quantity: line.quantity });
  if (refusal === null) return null;
  if (state.error === refusal.message) {
    state = { ...state, error: null };
    emit();
  }
  return reasonFor(productId, refusal);
}

/**
 * Adds `quantity` units (default: the minimum order the first time, one more after that), never more
 * than the stock. Answers how many units it added, so the message can say so.
 */
export async function addToCart(product: { productId: string; minOrderQuantity: number; stock: number; quantity?: number }): Promise<AddToCartOutcome> {
  ensureLoaded();
  await ready;
  const existing = state.lines.find((line) => line.productId === product.productId);
  if (existing) {
    if (existing.quantity >= product.stock) return { kind: "full" };
    const next = Math.min(product.stock, existing.quantity + (product.quantity ?? 1));
    const refused = await saveLine(product.productId, { productId: product.productId, quantity: next });
    return refused === null ? { kind: "more", quantity: next - existing.quantity } : { kind: "refused", message: refused };
  }
  const first = Math.min(product.stock, Math.max(product.minOrderQuantity, product.quantity ?? product.minOrderQuantity));
  const refused = await saveLine(product.productId, { productId: product.productId, quantity: first });
  return refused === null ? { kind: "added", quantity: first } : { kind: "refused", message: refused };
}

export async function setCartQuantity(productId: string, quantity: number): Promise<string | null> {
  await ready;
  return (await save(state.lines.map((line) => (line.productId === productId ? { ...line, quantity } : line))))?.message ?? null;
}

/**
 * Takes a product's line out of the cart at once. When the account's cart refuses the save (a line
 * that went stale refuses every save until it is fixed, ADR 073), the line comes back as the account
 * holds it, in its place there (takeBack), and the page shows the server's reason. Answers the
 * refusal (reasonFor), if any.
 */
export async function removeFromCart(productId: string): Promise<string | null> {
  await ready;
  const lines = state.lines.filter((line) => line.productId !== productId);
  if (lines.length === state.lines.length) return (await save(lines))?.message ?? null;
  const refusal = await save(lines, { productId, quantity: null });
  return refusal && reasonFor(productId, refusal);
}

export async function clearCart(): Promise<void> {
  await saveCart([]);
}

/** The customer has read which products left the cart: saving it drops them from the account's cart too. */
export async function dismissNoLongerOnSale(): Promise<void> {
  await ready;
  await save(state.lines);
  // Read is read: when the save is refused (a quantity in the cart no longer fits, which the cart page
  // marks), the note goes all the same, and the account's cart names the product again next time.
  if (state.noLongerOnSale.length > 0) {
    state = { ...state, noLongerOnSale: [] };
    emit();
  }
}

/**
 * At sign-in: the account's cart and the browser's are joined on the server (the larger quantity of
 * a product wins) and the browser's copy is dropped. A product off sale is kept and named, a quantity
 * that no longer fits is kept for the cart page to mark (ADR 073). At sign-out the cart is the
 * browser's again.
 */
export function joinAccountCart(signedIn: boolean): Promise<void> {
  const joined = join(signedIn)
    .catch(() => undefined)
    .finally(() => {
      if (!state.settled) {
        state = { ...state, settled: true };
        emit();
      }
      markSettled();
    });
  ready = joined;
  return joined;
}

type AccountCart = { lines: CartEntry[]; noLongerOnSale: OffSale[] };

/** The cart an answer of /api/cart or /api/cart/join holds, or null when there is none to read. */
async function accountCartFrom(response: Response): Promise<AccountCart | null> {
  try {
    if (!response.ok) return null;
    const body = (await response.json()) as { items: { productId: string; quantity: number }[]; noLongerOnSale?: OffSale[] };
    return {
      lines: body.items.map((item) => ({ productId: item.productId, quantity: item.quantity })),
      noLongerOnSale: (body.noLongerOnSale ?? []).map((item) => ({ productId: item.productId, name: item.name })),
    };
  } catch {
    return null;
  }
}

/** The account's cart and the products it held that are no longer on sale, or null when it could not be read. */
async function readAccountCart(): Promise<AccountCart | null> {
  // Every Add to cart waits for this read (ready): it may not wait for good either.
  const response = await fetch("/api/cart", { credentials: "same-origin", headers: { accept: "application/json" }, cache: "no-store", signal: AbortSignal.timeout(SAVE_TIMEOUT_MS) }).catch(
    () => null,
  );
  return response ? accountCartFrom(response) : null;
}

/**
 * The browser's lines joined into the account's cart on the server (POST /api/cart/join), which keeps
 * what cannot be ordered as it is for the cart page to name or mark, and answers the joined cart.
 */
async function joinIntoAccountCart(local: CartEntry[]): Promise<AccountCart | "refused" | null> {
  let response: Response;
  try {
    response = await fetch("/api/cart/join", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ items: local }),
      cache: "no-store",
      signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
    });
  } catch {
    return null;
  }
  if (response.status >= 400 && response.status < 500) return "refused";
  return accountCartFrom(response);
}

/** Signed in, but the account's cart could not be had: the lines shown are the browser's. */
function markUnread(): void {
  state = { ...state, settled: true, unread: true };
  emit();
}

async function join(signedIn: boolean): Promise<void> {
  ensureLoaded();
  if (!signedIn) {
    if (state.mode === "account" || state.unread) {
      accepted = [];
      state = { lines: readLocal(), mode: "local", error: null, settled: true, unread: false, noLongerOnSale: [] };
      emit();
    }
    return;
  }
  if (state.mode === "account") return;
  const local = readLocal();
  let account: AccountCart | null = null;
  if (local.length > 0) {
    const joined = await joinIntoAccountCart(local);
    // Not joined (network, a busy server): the browser's copy stays, and the next page joins it again.
    if (joined === null) return markUnread();
    // A browser cart the server will not take (one an older build wrote, say) must not leave the cart
    // unreadable on every page: the account's cart is read below, and the browser keeps its copy.
    if (joined !== "refused") {
      writeLocal([]);
      account = joined;
    }
  }
  account ??= await readAccountCart();
  if (!account) return markUnread();
  accepted = account.lines;
  state = { lines: account.lines, mode: "account", error: null, settled: true, unread: false, noLongerOnSale: account.noLongerOnSale };
  emit();
}
