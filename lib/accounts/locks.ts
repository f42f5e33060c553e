/**
 * Transaction-scoped PostgreSQL advisory lock keys of lib/accounts. Role changes, disabling, deleting
 * an account and ADMIN_EMAILS promotion all take ROLE_CHANGE_LOCK, so "the last admin" is decided by
 * one transaction at a time across every instance.
 */
export const ROLE_CHANGE_LOCK = 727_002;
/** Two-key form with the address's hash: one password sign-in count per address at a time. */
export const SIGN_IN_FAILURE_LOCK = 727_003;
