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
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
    return { ok: false, message: body?.error?.message ?? "The cart could not be saved.", fields: body?.error?.fields ?? {} };
  } catch {
    return { ok: false, message: "The cart could not be saved: check your connection.", fields: {} };
  }
}

/**
 * How to take one change back when the save that carried it is refused: given the cart's lines as
 * they are then, the lines without that change.
 */
type TakeBack = (lines: CartEntry[]) => CartEntry[];

/** What the changes made since the account's cart was last sent take back if the save carrying them is refused. */
let unsent: TakeBack[] = [];

/**
 * Saves the account's cart as it is when the save starts, one save at a time (serialSaves says why).
 * A refused save takes back the changes it carried that say how (an Add to cart, a Remove), newest
 * first, before the next save starts, so the next one does not carry them again.
 */
const saveAccountCart = serialSaves(async (): Promise<string | null> => {
  const takeBacks = unsent;
  unsent = [];
  // Signed out while this save waited: the cart is the browser's again (join).
  if (state.mode !== "account") return null;
  const answer = await putAccountCart(state.lines);
  if (answer.ok) {
    // The account now holds every line of this save: they were all on sale and in quantities it
    // takes, so an earlier refusal's message no longer holds, and the products that were not on sale
    // have left the saved cart.
    if (state.error !== null || state.noLongerOnSale.length > 0) {
      state = { ...state, error: null, noLongerOnSale: [] };
      emit();
    }
    return null;
  }
  state = { ...state, lines: takeBacks.reduceRight((lines, takeBack) => takeBack(lines), state.lines), error: answer.message };
  emit();
  return answer.message;
});

/** Replaces the cart's lines; signed in, the account's cart is saved too. Answers the server's complaint, if any. */
export async function saveCart(lines: CartEntry[]): Promise<string | null> {
  await ready;
  return save(lines);
}

/**
 * The cart's lines become `lines` at once; signed in, the account's cart is saved after any save in
 * flight. `takeBack` undoes this change if the account refuses the save that carries it; without it
 * the page keeps the change and shows the refusal. Answers the server's complaint, if any.
 */
function save(lines: CartEntry[], takeBack?: TakeBack): Promise<string | null> {
  state = { ...state, lines, error: null };
  emit();
  if (state.mode === "local") {
    writeLocal(lines);
    return Promise.resolve(null);
  }
  if (takeBack) unsent.push(takeBack);
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
 * a quantity no longer on sale, no connection), that line is put back as it was, so the page shows,
 * and the next save sends, only what the account holds. A line changed again since is left as the
 * later change made it. Answers the refusal, if any; Add to cart says it, so the page does not.
 */
async function saveLine(productId: string, line: CartEntry): Promise<string | null> {
  const before = state.lines.find((entry) => entry.productId === productId);
  const lines = before ? state.lines.map((entry) => (entry.productId === productId ? line : entry)) : [...state.lines, line];
  const refused = await save(lines, (current) => {
    const now = current.find((entry) => entry.productId === productId);
    if (!now || now.quantity !== line.quantity) return current;
    return before ? current.map((entry) => (entry.productId === productId ? before : entry)) : current.filter((entry) => entry.productId !== productId);
  });
  if (refused !== null && state.error === refused) {
    state = { ...state, error: null };
    emit();
  }
  return refused;
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
  return save(state.lines.map((line) => (line.productId === productId ? { ...line, quantity } : line)));
}

/**
 * Takes a product's line out of the cart at once. When the account's cart refuses the save (a line
 * that went stale refuses every save until it is fixed, ADR 073), the line comes back where it was,
 * as the account still holds it, and the page shows the server's reason. Answers that reason, if any.
 */
export async function removeFromCart(productId: string): Promise<string | null> {
  await ready;
  const index = state.lines.findIndex((line) => line.productId === productId);
  const removed = state.lines[index];
  const lines = state.lines.filter((line) => line.productId !== productId);
  if (!removed) return save(lines);
  return save(lines, (current) => (current.some((line) => line.productId === productId) ? current : [...current.slice(0, index), removed, ...current.slice(index)]));
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
  const response = await fetch("/api/cart", { credentials: "same-origin", headers: { accept: "application/json" }, cache: "no-store" }).catch(() => null);
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
  state = { lines: account.lines, mode: "account", error: null, settled: true, unread: false, noLongerOnSale: account.noLongerOnSale };
  emit();
}
