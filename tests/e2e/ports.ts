/** The ports of one end-to-end run: the shop, the local mail server beside it (mail-server.mjs) and the OpenID Connect provider oidc.spec.ts starts. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const MAIL_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1);
export const MAIL_API_PORT = Number(process.env.E2E_MAIL_API_PORT ?? E2E_PORT + 2);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT + 3);
