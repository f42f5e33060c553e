/**
 * Every transaction-scoped PostgreSQL advisory lock key the shop takes, in one place so that no two
 * modules pick the same one. Two-key locks take the constant first and a hash second (`hashtext`).
 * lib/rate-limit.ts locks with a single 64-bit key, which PostgreSQL keeps apart from these.
 */

/**
 * Role changes, disabling, deleting an account and ADMIN_EMAILS promotion all take it, so "the last
 * admin" is decided by one transaction at a time across every instance.
 */
export const ROLE_CHANGE_LOCK = 727_002;
/** With the address's hash: one password sign-in count per address at a time. */
export const SIGN_IN_FAILURE_LOCK = 727_003;
/** With the user id's hash: one account's cart saves one after the other. */
export const CART_SAVE_LOCK = 727_101;
/**
 * With the user id's hash: one account's order placements one after the other, so the count of its
 * unpaid orders cannot be passed by requests sent at once.
 */
export const ORDER_PLACING_LOCK = 727_102;
/**
 * With the lower-cased name's hash: adding or renaming products with one name one after the other, so
 * two admins cannot both put the same name on sale.
 */
export const PRODUCT_NAME_LOCK = 727_103;
