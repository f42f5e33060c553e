import type { Mail } from "@/lib/mail";

// Every email the account flows send, in one place, so the wording can move to a transactional
// mail service in one step. Plain text: links stay whole and readable in any mail client.

const SIGNATURE = "— ToolForge";

function lines(...parts: string[]): string {
  return `${parts.join("\n")}\n`;
}

export function verificationMail(to: { email: string; name: string }, url: string, appUrl: string): Mail {
  return {
    to: to.email,
    subject: "Confirm your email address for ToolForge",
    text: lines(
      `Hello ${to.name},`,
      "",
      `Please confirm that ${to.email} is your email address by opening this link:`,
      "",
      url,
      "",
      "The link works once, for 24 hours. You can shop in the meantime.",
      // The link does nothing unless the account is signed in where it is opened (ADR 044): the owner of
      // an address someone else registered takes it back through a password reset, mailed to them.
      `If you did not create a ToolForge account, someone gave your address: ignore this email, or take the account over by choosing a password for it at ${appUrl}/forgot-password (then delete it from its security page if you like).`,
      "",
      SIGNATURE,
    ),
  };
}

export function passwordResetMail(to: { email: string; name: string }, url: string): Mail {
  return {
    to: to.email,
    subject: "Reset your ToolForge password",
    text: lines(
      `Hello ${to.name},`,
      "",
      `Someone, hopefully you, asked to reset the password of the ToolForge account for ${to.email}.`,
      "Open this link within 1 hour to choose a new password:",
      "",
      url,
      "",
      "The link works once. Choosing a new password signs the account out everywhere else.",
      "If you did not ask for this, ignore this email: your password stays as it is.",
      "",
      SIGNATURE,
    ),
  };
}

export function emailLinkMail(to: { email: string; name: string }, url: string): Mail {
  return {
    to: to.email,
    subject: "Your ToolForge sign-in link",
    text: lines(
      `Hello ${to.name},`,
      "",
      `Open this link within 15 minutes to sign in to ToolForge as ${to.email}:`,
      "",
      url,
      "",
      "The link works once. If you did not ask for it, ignore this email: nobody can use it without your mailbox.",
      "",
      SIGNATURE,
    ),
  };
}

export function emailChangeMail(to: { newEmail: string; oldEmail: string; name: string }, url: string): Mail {
  return {
    to: to.newEmail,
    subject: "Confirm your new email address for ToolForge",
    text: lines(
      `Hello ${to.name},`,
      "",
      `To use ${to.newEmail} instead of ${to.oldEmail} for your ToolForge account, open this link where you are signed in to ToolForge and confirm:`,
      "",
      url,
      "",
      "The link works once, for 24 hours. Until you confirm on the page it opens, your account keeps its current address.",
      "If you did not ask for this, ignore this email.",
      "",
      SIGNATURE,
    ),
  };
}

export function emailChangedNotice(to: { oldEmail: string; newEmail: string; name: string }, appUrl: string): Mail {
  return {
    to: to.oldEmail,
    subject: "The email address of your ToolForge account was changed",
    text: lines(
      `Hello ${to.name},`,
      "",
      `Your ToolForge account now uses ${to.newEmail} instead of this address.`,
      `If you did not make this change, contact us at once through the form on ${appUrl}/#contact.`,
      "",
      SIGNATURE,
    ),
  };
}

export function passwordChangedNotice(to: { email: string; name: string }, appUrl: string): Mail {
  return {
    to: to.email,
    subject: "Your ToolForge password was changed",
    text: lines(
      `Hello ${to.name},`,
      "",
      "The password of your ToolForge account was just changed, and every other session was signed out.",
      `If this was not you, choose a new password at once: ${appUrl}/forgot-password`,
      "",
      SIGNATURE,
    ),
  };
}

/** A new way to sign in was added: the owner hears of it, in case it was not them. */
export function phoneAddedNotice(to: { email: string; name: string }, phoneNumber: string, appUrl: string): Mail {
  return {
    to: to.email,
    subject: "A sign-in phone number was added to your ToolForge account",
    text: lines(
      `Hello ${to.name},`,
      "",
      `Your ToolForge account can now be signed in to with a code texted to the number ending in ${phoneNumber.slice(-4)}.`,
      `If this was not you, remove the number and change your password at once: ${appUrl}/account/security`,
      "",
      SIGNATURE,
    ),
  };
}

/** A way to sign in was taken away: the owner hears of it too, in case it was not them. */
export function phoneRemovedNotice(to: { email: string; name: string }, appUrl: string): Mail {
  return {
    to: to.email,
    subject: "The sign-in phone number was removed from your ToolForge account",
    text: lines(
      `Hello ${to.name},`,
      "",
      "Your ToolForge account can no longer be signed in to with a code sent by text message: its phone number was removed.",
      `If this was not you, change your password at once: ${appUrl}/forgot-password`,
      "",
      SIGNATURE,
    ),
  };
}

export function accountDisabledNotice(to: { email: string; name: string }, appUrl: string): Mail {
  return {
    to: to.email,
    subject: "Your ToolForge account was disabled",
    text: lines(
      `Hello ${to.name},`,
      "",
      "An administrator disabled your ToolForge account. It was signed out on every device and cannot sign in until it is enabled again.",
      `If you think this is a mistake, contact us through the form on ${appUrl}/#contact.`,
      "",
      SIGNATURE,
    ),
  };
}

export function accountEnabledNotice(to: { email: string; name: string }, appUrl: string): Mail {
  return {
    to: to.email,
    subject: "Your ToolForge account was enabled again",
    text: lines(`Hello ${to.name},`, "", `An administrator enabled your ToolForge account again. You can sign in at ${appUrl}/login.`, "", SIGNATURE),
  };
}

/**
 * A role change, told to the account's owner. `mustEnrolTwoFactor`: the shop requires admins to sign in
 * with a second factor (ADMIN_MFA=required) and this account has none yet, so its admin pages stay
 * closed until it is set up; the mail says so rather than promise what the next sign-in will not show.
 */
export function roleChangedNotice(
  to: { email: string; name: string },
  role: "customer" | "admin",
  appUrl: string,
  { mustEnrolTwoFactor = false }: { mustEnrolTwoFactor?: boolean } = {},
): Mail {
  const change =
    role === "admin"
      ? "An administrator made your ToolForge account an admin account: it can now manage products, orders and other accounts."
      : "An administrator removed the admin rights of your ToolForge account. You can still shop as before.";
  const enrol =
    role === "admin" && mustEnrolTwoFactor
      ? [`The shop asks every admin to sign in with two-factor authentication: the admin pages open once you set it up at ${appUrl}/account/security.`]
      : [];
  return {
    to: to.email,
    subject: role === "admin" ? "Your ToolForge account is now an admin account" : "Your ToolForge account is no longer an admin account",
    text: lines(`Hello ${to.name},`, "", change, ...enrol, `If you did not expect this, contact us through the form on ${appUrl}/#contact.`, "", SIGNATURE),
  };
}

/** What changed in an account's second factor (ADR 017): each is a change to how the account is signed in to. */
export type TwoFactorChange = "turned-on" | "turned-off" | "new-backup-codes";

/**
 * The owner hears of every change to the second factor, as of a new password or phone number: one made
 * from a stolen session (turning it off, or making backup codes to keep a way in) is then noticed.
 */
export function twoFactorChangedNotice(to: { email: string; name: string }, change: TwoFactorChange, appUrl: string): Mail {
  const { subject, what } = {
    "turned-on": {
      subject: "Two-factor sign-in was turned on for your ToolForge account",
      what: "From now on, signing in to your ToolForge account also asks for a code from your authenticator app (or one of your backup codes).",
    },
    "turned-off": {
      subject: "Two-factor sign-in was turned off for your ToolForge account",
      what: "Signing in to your ToolForge account no longer asks for a code from an authenticator app, and its backup codes no longer work.",
    },
    "new-backup-codes": {
      subject: "New backup codes were made for your ToolForge account",
      what: "New backup codes for two-factor sign-in were made for your ToolForge account, and the earlier ones no longer work.",
    },
  }[change];
  return {
    to: to.email,
    subject,
    text: lines(
      `Hello ${to.name},`,
      "",
      what,
      `If this was not you, choose a new password at once (${appUrl}/forgot-password), then check two-factor sign-in at ${appUrl}/account/security.`,
      "",
      SIGNATURE,
    ),
  };
}
